// The owner's local writes in a soak run, each recorded as intents (with the outbox entry that carries it, for Discard).
import type { OutboxEntry } from '../../../src/local/db.ts'
import * as writes from '../../../src/local/writes.ts'
import { fixture } from '../upload-helpers.ts'
import type { Soak } from './context.ts'
import type { Device } from './device.ts'
import { PROFILE_TYPES, REPEATING_FIELDS, type DeviceName, type ItemField, type Poison, type ProfileField, type WriteStep } from './model.ts'
import { POISON_MARKER } from './network.ts'
import { discardIntents, itemSubject, LINK_ADDED, LINK_REMOVED, linkSubject, type Intent } from './oracle.ts'

const IMAGES = [
  new Blob([fixture('small.png')], { type: 'image/png' }),
  new Blob([fixture('small.gif')], { type: 'image/gif' }),
  new Blob([fixture('small.webp')], { type: 'image/webp' }),
]

/** Unique values per write, so the oracle can tell every write apart; a poisoned one carries the marker. */
function valueFor(field: ItemField | ProfileField, n: number, subject: 'item' | 'profile', poison?: Poison): string | number {
  const marker = poison ? ` ${POISON_MARKER[poison]}` : ''
  if (field === 'price') return n + 0.25
  if (field === 'description') return `${subject} description number ${n}${marker}`
  if (field === 'contactInfo') return `contact-${n}@example.test`
  if (field === 'productUrl') return `https://shop.example.test/p/${n}`
  if (field === 'redirectUrl') return `https://example.test/r/${n}`
  return `${field} ${n}${marker}`
}

/** The outbox entry that now carries `value` for the subject's field (for Discard), or undefined. */
async function entryCarrying(d: Device, subject: string, field: string, value: unknown): Promise<number | undefined> {
  const entries: OutboxEntry[] = await d.db.outbox.orderBy('seq').toArray()
  const carries = (entry: OutboxEntry) => {
    const body = (entry.body ?? {}) as Record<string, unknown>
    if (!subject.startsWith('link:')) return about(entry) === subject && JSON.stringify(body[field]) === JSON.stringify(value)
    const changes = (body.socialLinkChanges ?? {}) as { remove?: unknown[] }
    if (field === LINK_REMOVED) return about(entry) === 'profile' && (changes.remove ?? []).includes(value)
    return about(entry) === 'profile' && JSON.stringify(changes).includes(JSON.stringify(value))
  }
  return entries.filter(carries).at(-1)?.seq
}

/** The subject's latest image change in the outbox (a pick or a removal), for Discard. */
async function imageEntry(d: Device, subject: string): Promise<number | undefined> {
  const entries: OutboxEntry[] = await d.db.outbox.orderBy('seq').toArray()
  return entries.filter((entry) => isImageOf(entry, subject)).at(-1)?.seq
}

const about = (entry: OutboxEntry) => (entry.target.entity === 'item' ? itemSubject(entry.target.id) : entry.target.entity === 'profile' ? 'profile' : '')
const isImageOf = (entry: OutboxEntry, subject: string) =>
  about(entry) === subject && 'fields' in entry.target && entry.target.fields.some((field) => field === 'storedImageId' || field === 'profileImageId')

/**
 * Records a pick or removal made by `work`. A new pick or removal supersedes the subject's failed image changes (the
 * outbox drops them): those picks never happen, so their intents go as a Discard's would.
 */
async function recordImage(soak: Soak, d: Device, subject: string, value: 'set' | 'remove', work: () => Promise<void>) {
  const failed = async () =>
    (await d.db.outbox.where('status').equals('failed').toArray()).flatMap((entry) => (entry.seq !== undefined && isImageOf(entry, subject) ? [entry.seq] : []))
  const before = await failed()
  await work()
  const after = await d.db.outbox.bulkGet(before)
  discardIntents(soak.intents, d.name, before.filter((_seq, index) => after[index] === undefined))
  soak.intents.writes.push({ device: d.name, subject, field: 'image', value, entry: await imageEntry(d, subject) })
}

async function record(soak: Soak, d: Device, writes_: Omit<Intent, 'device' | 'entry'>[]) {
  for (const write of writes_) {
    const held = REPEATING_FIELDS.includes(write.field) ? undefined : write.held
    soak.intents.writes.push({ ...write, held, device: d.name, entry: await entryCarrying(d, write.subject, write.field, write.value) })
  }
}

async function pickItem(d: Device, index: number) {
  const items = await d.db.items.orderBy('position').toArray()
  return items.length === 0 ? undefined : items[index % items.length]
}

async function localProfile(d: Device) {
  const profile = await d.db.profile.toCollection().first()
  if (!profile) throw new Error(`device ${d.name} has no profile`)
  return profile
}

export async function performWrite(soak: Soak, step: WriteStep): Promise<void> {
  const { intents } = soak
  const device = (name: DeviceName) => soak.devices.get(name) as Device
  switch (step.t) {
    case 'create': {
      const d = device(step.d)
      const n = ++soak.counter
      const fields = { name: valueFor('name', n, 'item', step.poison) as string, price: n + 0.25, brand: `brand ${n}`, description: `item description number ${n}` }
      const image = step.image ? IMAGES[n % IMAGES.length] : undefined
      const id = await writes.createItem(d.db, fields, image)
      intents.created.set(id, d.name)
      await record(soak, d, Object.entries(fields).map(([field, value]) => ({ subject: itemSubject(id), field, value })))
      if (image) soak.intents.writes.push({ device: d.name, subject: itemSubject(id), field: 'image', value: 'set', entry: await imageEntry(d, itemSubject(id)) })
      return
    }
    case 'edit': {
      const d = device(step.d)
      const item = await pickItem(d, step.item)
      if (!item) return
      const fields = step.poison && !step.fields.includes('name') ? [...step.fields, 'name' as const] : step.fields
      const changes: Record<string, string | number> = {}
      for (const field of fields) changes[field] = valueFor(field, ++soak.counter, 'item', field === 'name' ? step.poison : undefined)
      await writes.updateItem(d.db, item.id, changes)
      await record(soak, d, Object.entries(changes).map(([field, value]) => ({ subject: itemSubject(item.id), field, value, held: item[field as ItemField] })))
      return
    }
    case 'delete': {
      const d = device(step.d)
      const item = await pickItem(d, step.item)
      if (!item) return
      await writes.deleteItem(d.db, item.id)
      intents.deleted.add(item.id)
      return
    }
    case 'item-image': {
      const d = device(step.d)
      const item = await pickItem(d, step.item)
      if (!item) return
      const image = IMAGES[++soak.counter % IMAGES.length] as Blob
      await recordImage(soak, d, itemSubject(item.id), step.remove ? 'remove' : 'set', () =>
        step.remove ? writes.removeItemImage(d.db, item.id) : writes.attachItemImage(d.db, item.id, image),
      )
      return
    }
    case 'profile': {
      const d = device(step.d)
      const profile = await localProfile(d)
      const fields = step.poison && !step.fields.includes('description') ? [...step.fields, 'description' as const] : step.fields
      const settings: Record<string, string | boolean> = {}
      for (const field of fields) {
        const n = ++soak.counter
        if (field === 'isPublic') settings[field] = !profile.isPublic
        else if (field === 'profileType') settings[field] = PROFILE_TYPES[(PROFILE_TYPES.indexOf(profile.profileType) + 1 + (n % 3)) % PROFILE_TYPES.length] as string
        else settings[field] = valueFor(field, n, 'profile', field === 'description' ? step.poison : undefined) as string
      }
      await writes.updateProfileSettings(d.db, settings)
      await record(soak, d, Object.entries(settings).map(([field, value]) => ({ subject: 'profile', field, value, held: profile[field as ProfileField] })))
      return
    }
    case 'profile-photo': {
      const d = device(step.d)
      const image = IMAGES[++soak.counter % IMAGES.length] as Blob
      await recordImage(soak, d, 'profile', step.remove ? 'remove' : 'set', () => (step.remove ? writes.removeProfilePhoto(d.db) : writes.setProfilePhoto(d.db, image)))
      return
    }
    case 'link': {
      const d = device(step.d)
      const links = (await localProfile(d)).socialLinks
      const picked = links.length === 0 ? undefined : links[step.link % links.length]
      const url = `https://links.example.test/u/${++soak.counter}`
      if (step.op === 'add') {
        await writes.updateProfileSettings(d.db, { socialLinks: [...links, { platform: 'Website', url }], linksOpened: links })
        const added = (await localProfile(d)).socialLinks.find((link) => link.url === url)
        if (!added) throw new Error(`device ${d.name}: the added link is not on the profile`)
        await record(soak, d, [
          { subject: linkSubject(added.id), field: LINK_ADDED, value: url },
          { subject: linkSubject(added.id), field: 'url', value: url },
        ])
      } else if (picked && step.op === 'edit') {
        await writes.updateProfileSettings(d.db, { socialLinks: links.map((link) => (link.id === picked.id ? { ...link, url } : link)), linksOpened: links })
        await record(soak, d, [{ subject: linkSubject(picked.id), field: 'url', value: url, held: picked.url }])
      } else if (picked) {
        await writes.updateProfileSettings(d.db, { socialLinks: links.filter((link) => link.id !== picked.id), linksOpened: links })
        await record(soak, d, [{ subject: linkSubject(picked.id), field: LINK_REMOVED, value: picked.id }])
      }
      return
    }
  }
}
