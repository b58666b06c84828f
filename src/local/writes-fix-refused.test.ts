// A later edit of a refused change is a fix of it: folded into the refused entry and sent again at once (decision 199).
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { applyListChanges } from '../lib/list-changes.ts'
import type { OwnerDatabase } from './db.ts'
import { retryOutboxEntry } from './outbox-actions.ts'
import { failedOutboxEntries } from './queries.ts'
import { freshDatabase, sampleItemFields, seedProfile } from './testing.ts'
import { attachItemImage, createItem, deleteItem, setProfilePhoto, updateItem, updateProfileSettings } from './writes.ts'

const link = (id: number) => ({ id, platform: 'web', url: `https://example.test/${id}` })
const links = (from: number, count: number) => Array.from({ length: count }, (_, index) => link(from + index))

/** What the push does to a refused entry: failed with the server's words, its mutation id given up. */
async function refuseAll(db: OwnerDatabase, lastError: string) {
  await db.outbox.toCollection().modify({ status: 'failed', sent: true, lastError, attempts: 1, mutationId: undefined })
}

describe('a later edit of a refused change fixes it instead of queueing behind it', () => {
  it('the tester\'s profile: bio and 5 new links refused (31 links), then 3 removed: one entry, sent again, ends at bio + 30', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db, { description: '', socialLinks: links(1, 20) })
    const added = links(101, 5).map(({ platform, url }) => ({ platform, url }))
    await updateProfileSettings(db, { description: 'My offline bio', socialLinks: [...links(1, 20), ...added] })
    const [first] = await db.outbox.toArray()
    await refuseAll(db, 'At most 30 social links.')
    const shown = (await db.profile.toCollection().first())?.socialLinks ?? []
    await updateProfileSettings(db, { socialLinks: shown.slice(3) })

    const entries = await db.outbox.toArray()
    expect(entries).toHaveLength(1)
    const [fixed] = entries
    expect(fixed).toMatchObject({ status: 'pending', sent: false, attempts: 0, lastError: null })
    expect(fixed?.idempotencyKey).not.toBe(first?.idempotencyKey)
    expect(fixed?.target).toEqual({ entity: 'profile', fields: ['description', 'socialLinks'] })
    const body = fixed?.body as { description: string; socialLinkChanges: { add: unknown[]; remove: number[] } }
    expect(body.description).toBe('My offline bio')
    expect(body.socialLinkChanges.add).toHaveLength(5)
    expect(body.socialLinkChanges.remove).toEqual([1, 2, 3])
    // The server meanwhile has another device's 8 links: 28, and the fix lands on exactly 30.
    expect(applyListChanges(links(1, 28), body.socialLinkChanges as never)).toHaveLength(30)
  })

  it('unsent edits already queued behind the refusal are folded in with it', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db, { description: 'Hello' })
    await updateProfileSettings(db, { description: 'Refused' })
    await refuseAll(db, 'Description is too long.')
    await db.outbox.add({ ...(await db.outbox.toArray())[0]!, seq: undefined, status: 'pending', sent: false, body: { contactInfo: 'c@example.test' }, target: { entity: 'profile', fields: ['contactInfo'] } } as never)
    await updateProfileSettings(db, { description: 'Short' })
    const entries = await db.outbox.toArray()
    expect(entries.map((entry) => [entry.status, entry.body])).toEqual([['pending', { description: 'Short', contactInfo: 'c@example.test' }]])
  })

  it('a refused create of an item takes the later edit and stays a create', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await refuseAll(db, 'The wishlist is full.')
    await updateItem(db, id, { price: 7 })
    const entries = await db.outbox.toArray()
    expect(entries.map((entry) => [entry.method, entry.status, entry.body])).toEqual([['POST', 'pending', { ...sampleItemFields('Kite'), id, price: 7 }]])
  })

  it('where folding is not possible (an entry behind the refusal went out) the edit queues behind as before', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db, { description: 'Hello' })
    await updateProfileSettings(db, { description: 'Refused' })
    await refuseAll(db, 'Description is too long.')
    await db.outbox.add({ ...(await db.outbox.toArray())[0]!, seq: undefined, status: 'pending', sent: true, body: { contactInfo: 'c@example.test' } } as never)
    await updateProfileSettings(db, { description: 'Short' })
    expect((await db.outbox.toArray()).map((entry) => entry.status)).toEqual(['failed', 'pending', 'pending'])
  })
})

describe("a refused change's card names what it changes, and what Discard would drop", () => {
  it("'Profile settings: Description, 5 new social links'; a later change that could not be folded is counted", async () => {
    const db = freshDatabase('fix')
    await seedProfile(db, { description: '', socialLinks: links(1, 20) })
    const added = links(101, 5).map(({ platform, url }) => ({ platform, url }))
    await updateProfileSettings(db, { description: 'My offline bio', socialLinks: [...links(1, 20), ...added] })
    await refuseAll(db, 'At most 30 social links.')
    expect(await failedOutboxEntries(db)).toEqual([
      expect.objectContaining({ summary: 'Profile settings: Description, 5 new social links', loses: 'Description, 5 new social links', waitingBehind: 0 }),
    ])
    await db.outbox.add({ ...(await db.outbox.toArray())[0]!, seq: undefined, status: 'pending', sent: true, body: { contactInfo: 'c' } } as never)
    expect((await failedOutboxEntries(db))[0]?.waitingBehind).toBe(1)
  })

  it('a refused create loses the whole product', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db)
    await createItem(db, sampleItemFields('Kite'))
    await refuseAll(db, 'The wishlist is full.')
    expect(await failedOutboxEntries(db)).toEqual([expect.objectContaining({ summary: 'New product: Kite', loses: 'New product: Kite' })])
  })
})

describe("where a refused change's card sends the owner to fix it", () => {
  const photo = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' })
  const cases: [name: string, write: (db: OwnerDatabase, itemId: string) => Promise<unknown>, expected: 'item' | 'profile' | null][] = [
    ["a product's text edit: the product's form", (db, id) => updateItem(db, id, { name: 'Kite 2' }), 'item'],
    ["the profile's settings: the settings form", (db) => updateProfileSettings(db, { description: 'Bio' }), 'profile'],
    ['a removal: nothing to edit, only Retry or Discard', (db, id) => deleteItem(db, id), null],
    ["a product's photo: a photo is not corrected in a form", (db, id) => attachItemImage(db, id, photo()), null],
    ['the profile photo: likewise', (db) => setProfilePhoto(db, photo()), null],
  ]
  for (const [name, write, expected] of cases) {
    it(name, async () => {
      const db = freshDatabase('fix')
      await seedProfile(db)
      const id = await createItem(db, sampleItemFields('Kite'))
      await db.outbox.clear()
      await write(db, id)
      await refuseAll(db, 'Refused.')
      const fixIn = (await failedOutboxEntries(db))[0]?.fixIn
      expect(fixIn ?? null).toEqual(expected === 'item' ? { kind: 'item', id } : expected === 'profile' ? { kind: 'profile' } : null)
    })
  }

  it("a refused new product: its own form, until the product is gone from this device", async () => {
    const db = freshDatabase('fix')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await refuseAll(db, 'The wishlist is full.')
    expect((await failedOutboxEntries(db))[0]?.fixIn).toEqual({ kind: 'item', id })
    await db.items.delete(id)
    expect((await failedOutboxEntries(db))[0]?.fixIn).toBeNull()
  })
})

describe('Retry that meets the same refusal', () => {
  it('the card knows it was tried again (retriedAt), and a fix starts afresh', async () => {
    const db = freshDatabase('fix')
    await seedProfile(db, { description: 'Hello' })
    await updateProfileSettings(db, { description: 'Refused' })
    await refuseAll(db, 'Description is too long.')
    expect((await failedOutboxEntries(db))[0]?.retriedAt).toBeNull()
    await retryOutboxEntry(db, (await db.outbox.toArray())[0]?.seq ?? 0)
    await db.outbox.toCollection().modify({ status: 'failed', lastError: 'Description is too long.' })
    expect((await failedOutboxEntries(db))[0]?.retriedAt).toEqual(expect.any(String))
    await updateProfileSettings(db, { description: 'Short' })
    expect((await db.outbox.toArray())[0]?.retriedAt).toBeUndefined()
  })
})
