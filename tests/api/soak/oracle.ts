// The soak's oracle: what the server and every device must hold once all are online and quiet, from the owner's intents and the server's log.
//
// Intent: each local write of a field (a create writes all its fields; an image pick or removal writes the subject's
// image). Every write has a unique value (the soak's counter), except the visibility switch, which flips.
// Oracle, per subject (the profile, or an item) and field:
//  1. Nothing lost or reordered on a device: among the operations the server really ran (not replayed, not "already
//     applied") that came from device D, the last one setting the field carries D's last local write of it. Images:
//     D's image operations are D's picks and removals, one for one and in the same order.
//  2. Concurrent writes of one field on different devices: the last the server ran wins (last-writer-wins by the
//     server's arrival order); the server's final value is that operation's, or the registration's if none ran.
//     Exactly once: a write's (unique) value never runs twice (the visibility switch and image removals, which repeat
//     values, are exempt); a resend of a committed write is answered without running (decision 087).
//  3. Items: the server holds exactly the items created and not deleted on any device (none lost, none resurrected),
//     each once, each created by exactly one operation that ran.
//  4. Every device holds exactly the server's rows (profile, items with every field, purchases), and has nothing
//     left to send; only the owner's token ever carried a write; no image on the server is left unreferenced.
//  5. Last-writer-wins from the devices' own view, not the server's log: the server's value of a field is some
//     device's last write of it, and never a value a device held when it wrote a newer one (that write went later).
// Social links are subjects of their own (`link:{id}`, field url), created and removed like items.
// Intents the owner discarded (Retry/Discard, oracle-waiting.ts) are taken out before the end check.
import { ITEM_FIELDS, PROFILE_FIELDS, REPEATING_FIELDS } from './model.ts'
import type { Executed } from './network.ts'

type Row = Record<string, unknown>
export type ImageIntent = 'set' | 'remove'

/** One local write of a field: `held` is what the device showed for it just before (the causal check, rule 5). */
export type Intent = { device: string; subject: string; field: string; value: unknown; held?: unknown; entry?: number }

/**
 * The owner's local writes, in the order they were made; items created and deleted (by id). A link's add and removal
 * are writes of its own (fields LINK_ADDED and LINK_REMOVED), so a Discard of the entry carrying them takes them back.
 */
export type Intents = { writes: Intent[]; created: Map<string, string>; deleted: Set<string> }

export const LINK_ADDED = '+'
export const LINK_REMOVED = '-'
export const newIntents = (): Intents => ({ writes: [], created: new Map(), deleted: new Set() })
export const itemSubject = (id: string) => `item:${id}`
export const linkSubject = (id: string | number) => `link:${id}`

/** The owner discarded these outbox entries of `device` (and with a create, its item): those writes never happen. */
export function discardIntents(intents: Intents, device: string, entries: readonly number[], createdItem?: string) {
  const gone = new Set(entries)
  intents.writes = intents.writes.filter((w) => w.device !== device || (w.entry === undefined ? true : !gone.has(w.entry)))
  if (createdItem === undefined) return
  intents.writes = intents.writes.filter((w) => w.subject !== itemSubject(createdItem))
  intents.created.delete(createdItem)
}

export type DeviceState = { device: string; profile: Row | undefined; items: Row[]; purchases: Row[]; orders: Row[]; unsent: number; pendingImages: number }
export type Observed = {
  owner: string
  initialProfile: Row
  server: { profile: Row; items: Row[]; purchases: Row[]; orders: Row[]; unreferencedImages: string[] }
  devices: DeviceState[]
  executed: Executed[]
}

type Written = { subject: string; field: string; value: unknown; device: string; create?: string; remove?: string }
type LinkBody = { id: number; url: string }

const IMAGE = 'image'
const ITEM_PATH = /^\/api\/wishlist-items\/([0-9a-f-]{36})$/
const CREATE_PATH = /^\/api\/wishlist-items\/profile\//

/** What one operation the server ran wrote: fields of a subject, a create, or a delete. */
export function writesOf(op: Executed): Written[] {
  const { body, device } = op
  const fields = (subject: string, names: readonly string[]) =>
    names.filter((name) => name in body).map((name) => ({ subject, field: name, value: body[name], device }))
  if (op.method === 'POST' && CREATE_PATH.test(op.path)) {
    const id = String(body.id)
    return [{ subject: itemSubject(id), field: '*', value: null, device, create: id }, ...fields(itemSubject(id), ITEM_FIELDS)]
  }
  const itemId = ITEM_PATH.exec(op.path)?.[1]
  if (itemId && op.method === 'DELETE') return [{ subject: itemSubject(itemId), field: '*', value: null, device, remove: itemId }]
  if (itemId && op.method === 'PUT') {
    const image = typeof body.storedImageId === 'string' ? [{ subject: itemSubject(itemId), field: IMAGE, value: body.storedImageId, device }] : []
    const removal = body.removeStoredImage === true ? [{ subject: itemSubject(itemId), field: IMAGE, value: null, device }] : []
    return [...fields(itemSubject(itemId), ITEM_FIELDS), ...image, ...removal]
  }
  if (op.path === '/api/profiles' && op.method === 'PUT') {
    const photo = 'profileImageId' in body ? [{ subject: 'profile', field: IMAGE, value: body.profileImageId ?? null, device }] : []
    const changes = (body.socialLinkChanges ?? {}) as { add?: LinkBody[]; edit?: LinkBody[]; remove?: number[] }
    const links = [
      ...(changes.add ?? []).flatMap((link) => [
        { subject: linkSubject(link.id), field: '*', value: null, device, create: String(link.id) },
        { subject: linkSubject(link.id), field: 'url', value: link.url, device },
      ]),
      ...(changes.edit ?? []).map((link) => ({ subject: linkSubject(link.id), field: 'url', value: link.url, device })),
      ...(changes.remove ?? []).map((id) => ({ subject: linkSubject(id), field: '*', value: null, device, remove: String(id) })),
    ]
    return [...fields('profile', PROFILE_FIELDS), ...photo, ...links]
  }
  return []
}

/** JSON with keys in order: the server's JSON columns (recipient, lines) come back with their keys reordered. */
const show = (value: unknown): string => JSON.stringify(value, (_key, inner: unknown) =>
  inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => x.localeCompare(y))) : inner,
)

/** Every way the observed end state breaks the oracle; empty when it holds. */
export function violations(intents: Intents, observed: Observed): string[] {
  const problems: string[] = []
  for (const op of observed.executed) if (op.user !== observed.owner) problems.push(`device ${op.device}'s ${op.method} ${op.path} ran with another owner's token`)
  const written = observed.executed.filter((op) => op.user === observed.owner).flatMap(writesOf)
  const { server } = observed

  // 3. The item and link sets: created minus deleted, each once, created once.
  const serverLinks = ((server.profile.socialLinks ?? []) as Row[]).map((link) => ({ ...link, id: String(link.id) }))
  const expectedIds = sameSet('item', intents.created, intents.deleted, server.items.map((row) => String(row.id)), written, problems)
  const linkIds = (field: string) => intents.writes.filter((w) => w.field === field).map((w) => [w.subject.slice('link:'.length), w.device] as const)
  const linksDeleted = new Set(linkIds(LINK_REMOVED).map(([id]) => id))
  const expectedLinks = sameSet('link', new Map(linkIds(LINK_ADDED)), linksDeleted, serverLinks.map((link) => link.id), written, problems)

  // 1 and 2, per subject and field.
  const subjects: { subject: string; row: Row | undefined; fields: readonly string[]; image?: string; initial?: Row }[] = [
    { subject: 'profile', row: server.profile, fields: PROFILE_FIELDS, image: 'profileImageId', initial: observed.initialProfile },
    ...expectedIds.map((id) => ({ subject: itemSubject(id), row: server.items.find((row) => row.id === id), fields: ITEM_FIELDS, image: 'storedImageId', initial: { productUrl: null } })),
    ...expectedLinks.map((id) => ({ subject: linkSubject(id), row: serverLinks.find((link) => link.id === id), fields: ['url'] })),
  ]
  for (const { subject, row, fields, image, initial } of subjects) {
    if (!row) continue
    for (const field of image ? [...fields, IMAGE] : fields) {
      const ran = written.filter((w) => w.subject === subject && w.field === field)
      const repeatable = REPEATING_FIELDS.includes(field)
      for (const value of new Set(ran.map((w) => show(w.value)))) {
        const times = ran.filter((w) => show(w.value) === value).length
        if (times > 1 && (!repeatable || (field === IMAGE && value !== 'null'))) problems.push(`${subject} ${field}: the write of ${value} ran ${times} times`)
      }
      const last = ran.at(-1)
      const expected = last ? last.value : field === IMAGE ? null : initial?.[field]
      const actual = row[field === IMAGE ? (image ?? field) : field]
      if (show(actual) !== show(expected)) problems.push(`${subject} ${field}: the server holds ${show(actual)}, the last operation it ran set ${show(expected)}`)
      if (!repeatable) problems.push(...lastWriterFromIntents(intents, subject, field, actual, initial?.[field]))
      for (const device of new Set(intents.writes.filter((w) => w.subject === subject && w.field === field).map((w) => w.device))) {
        const mine = intents.writes.filter((w) => w.subject === subject && w.field === field && w.device === device)
        const fromDevice = ran.filter((w) => w.device === device)
        if (field === IMAGE) {
          const sent = fromDevice.map((w) => (w.value === null ? 'remove' : 'set'))
          const wanted = mine.map((w) => w.value as ImageIntent)
          if (show(sent) !== show(wanted)) problems.push(`${subject} image from ${device}: the owner did ${show(wanted)}, the server ran ${show(sent)}`)
        } else if (show(fromDevice.at(-1)?.value) !== show(mine.at(-1)?.value)) {
          problems.push(`${subject} ${field} from ${device}: its last write was ${show(mine.at(-1)?.value)}, the last the server ran from it ${show(fromDevice.at(-1)?.value)}`)
        }
      }
    }
  }

  // 4. Every device holds the server's rows and nothing unsent; no image is left without a product or profile.
  for (const state of observed.devices) problems.push(...deviceDifferences(state, server))
  for (const id of server.unreferencedImages) problems.push(`image ${id} is on the server with nothing referencing it (after the orphan sweep)`)
  return problems
}

/** Rule 3 for items or links: the ids the server must hold (created minus deleted), with every way it differs. */
function sameSet(what: string, created: Map<string, string>, deleted: Set<string>, serverIds: string[], written: Written[], problems: string[]): string[] {
  const expected = [...created.keys()].filter((id) => !deleted.has(id)).sort()
  for (const id of expected) if (!serverIds.includes(id)) problems.push(`${what} ${id} (created on ${created.get(id)}) is lost on the server`)
  for (const id of serverIds) {
    if (deleted.has(id)) problems.push(`${what} ${id} was deleted but is on the server again (resurrected)`)
    else if (!created.has(id)) problems.push(`${what} ${id} on the server was never created by a device`)
  }
  for (const id of new Set(serverIds)) if (serverIds.filter((other) => other === id).length > 1) problems.push(`${what} ${id} is on the server twice`)
  for (const id of created.keys()) {
    const creates = written.filter((w) => w.create === id && w.subject.startsWith(`${what}:`)).length
    // A link added and removed before either went out is never sent (the outbox folds them): none or one, then.
    const allowed = what === 'link' && deleted.has(id) ? [0, 1] : [1]
    if (!allowed.includes(creates)) problems.push(`${what} ${id} was created by ${creates} operations that ran, not 1`)
  }
  return expected
}

/**
 * Rule 5, from the devices' intents alone: the final value is some device's last write of the field (or the initial
 * one when nobody wrote it), and no device held it when it wrote a newer value.
 */
function lastWriterFromIntents(intents: Intents, subject: string, field: string, actual: unknown, initial: unknown): string[] {
  const mine = intents.writes.filter((w) => w.subject === subject && w.field === field)
  const lastOf = [...new Set(mine.map((w) => w.device))].map((device) => mine.filter((w) => w.device === device).at(-1)?.value)
  const allowed = lastOf.length > 0 ? lastOf : [initial]
  if (!allowed.some((value) => show(value) === show(actual))) {
    return [`${subject} ${field}: the server holds ${show(actual)}, which is no device's last write (${allowed.map(show).join(', ')})`]
  }
  const overwritten = mine.find((w) => w.held !== undefined && show(w.held) === show(actual))
  if (!overwritten) return []
  return [`${subject} ${field}: the server holds ${show(actual)}, which device ${overwritten.device} held when it wrote ${show(overwritten.value)} (that write went later)`]
}

function deviceDifferences(state: DeviceState, server: Observed['server']): string[] {
  const problems: string[] = []
  const where = `device ${state.device}`
  if (state.unsent > 0) problems.push(`${where} still has ${state.unsent} outbox entries`)
  if (state.pendingImages > 0) problems.push(`${where} still has ${state.pendingImages} images to upload`)
  const { wishlist: _items, ...serverProfile } = server.profile
  const { localImageId, ...localProfile } = state.profile ?? {}
  if (localImageId) problems.push(`${where} profile still shows a local photo`)
  const profileDiff = difference(serverProfile, localProfile)
  if (profileDiff) problems.push(`${where} profile ${profileDiff}`)
  const byId = (rows: Row[]) => show([...rows].sort((x, y) => String(x.id).localeCompare(String(y.id))))
  if (byId(state.purchases) !== byId(server.purchases)) problems.push(`${where} purchases ${byId(state.purchases)}, server ${byId(server.purchases)}`)
  if (byId(state.orders) !== byId(server.orders)) problems.push(`${where} orders ${byId(state.orders)}, server ${byId(server.orders)}`)
  const localById = new Map(state.items.map((row) => [String(row.id), row]))
  if (localById.size !== state.items.length) problems.push(`${where} holds an item twice`)
  for (const serverItem of server.items) {
    const local = localById.get(String(serverItem.id))
    if (!local) {
      problems.push(`${where} lacks item ${serverItem.id}`)
      continue
    }
    const { position: _position, localImageId: localImage, ...localItem } = local
    if (localImage) problems.push(`${where} item ${serverItem.id} still shows a local image`)
    const itemDiff = difference(serverItem, localItem)
    if (itemDiff) problems.push(`${where} item ${serverItem.id} ${itemDiff}`)
  }
  for (const id of localById.keys()) if (!server.items.some((row) => row.id === id)) problems.push(`${where} holds item ${id}, which the server does not`)
  return problems
}

/** The first fields where the device's row differs from the server's, or undefined. */
function difference(serverRow: Row, localRow: Row): string | undefined {
  const keys = [...new Set([...Object.keys(serverRow), ...Object.keys(localRow)])].sort()
  const differing = keys.filter((key) => show(serverRow[key]) !== show(localRow[key]))
  if (differing.length === 0) return undefined
  return differing.map((key) => `${key}: server ${show(serverRow[key])}, device ${show(localRow[key])}`).join('; ')
}
