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
//  4. Every device holds exactly the server's rows (profile, items with every field), and has nothing left to send.
import { ITEM_FIELDS, PROFILE_FIELDS } from './model.ts'
import type { Executed } from './network.ts'

type Row = Record<string, unknown>
export type ImageIntent = 'set' | 'remove'

/** The owner's local writes, in the order they were made. */
export type Intents = {
  writes: { device: string; subject: string; field: string; value: unknown }[]
  created: Map<string, string>
  deleted: Set<string>
}

export const newIntents = (): Intents => ({ writes: [], created: new Map(), deleted: new Set() })
export const itemSubject = (id: string) => `item:${id}`

export type DeviceState = { device: string; profile: Row | undefined; items: Row[]; unsent: number; pendingImages: number }
export type Observed = { initialProfile: Row; server: { profile: Row; items: Row[] }; devices: DeviceState[]; executed: Executed[] }

type Written = { subject: string; field: string; value: unknown; device: string; create?: string; remove?: string }

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
    return [...fields('profile', PROFILE_FIELDS), ...photo]
  }
  return []
}

const show = (value: unknown) => JSON.stringify(value)

/** Every way the observed end state breaks the oracle; empty when it holds. */
export function violations(intents: Intents, observed: Observed): string[] {
  const problems: string[] = []
  const written = observed.executed.flatMap(writesOf)
  const { server } = observed

  // 3. The item set: created minus deleted, each once, created once.
  const expectedIds = [...intents.created.keys()].filter((id) => !intents.deleted.has(id)).sort()
  const serverIds = server.items.map((row) => String(row.id)).sort()
  for (const id of expectedIds) if (!serverIds.includes(id)) problems.push(`item ${id} (created on ${intents.created.get(id)}) is lost on the server`)
  for (const id of serverIds) {
    if (intents.deleted.has(id)) problems.push(`item ${id} was deleted but is on the server again (resurrected)`)
    else if (!intents.created.has(id)) problems.push(`item ${id} on the server was never created by a device`)
  }
  for (const id of new Set(serverIds)) if (serverIds.filter((other) => other === id).length > 1) problems.push(`item ${id} is on the server twice`)
  for (const id of intents.created.keys()) {
    const creates = written.filter((w) => w.create === id).length
    if (creates !== 1) problems.push(`item ${id} was created by ${creates} operations that ran, not 1`)
  }

  // 1 and 2, per subject and field.
  const subjects: { subject: string; row: Row | undefined; fields: readonly string[]; image: string; initial?: Row }[] = [
    { subject: 'profile', row: server.profile, fields: PROFILE_FIELDS, image: 'profileImageId', initial: observed.initialProfile },
    ...expectedIds.map((id) => ({ subject: itemSubject(id), row: server.items.find((row) => row.id === id), fields: ITEM_FIELDS, image: 'storedImageId' })),
  ]
  for (const { subject, row, fields, image, initial } of subjects) {
    if (!row) continue
    for (const field of [...fields, IMAGE]) {
      const ran = written.filter((w) => w.subject === subject && w.field === field)
      const repeatable = field === 'isPublic' || field === IMAGE
      for (const value of new Set(ran.map((w) => show(w.value)))) {
        const times = ran.filter((w) => show(w.value) === value).length
        if (times > 1 && (!repeatable || (field === IMAGE && value !== 'null'))) problems.push(`${subject} ${field}: the write of ${value} ran ${times} times`)
      }
      const last = ran.at(-1)
      const expected = last ? last.value : field === IMAGE ? null : initial?.[field]
      const actual = row[field === IMAGE ? image : field]
      if (show(actual) !== show(expected)) problems.push(`${subject} ${field}: the server holds ${show(actual)}, the last operation it ran set ${show(expected)}`)
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

  // 4. Every device holds the server's rows and nothing unsent.
  for (const state of observed.devices) problems.push(...deviceDifferences(state, server))
  return problems
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
