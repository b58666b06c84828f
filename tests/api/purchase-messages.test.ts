// Honest purchasing (issue 23, decision 148): the buyer's message is stored with the purchase and reaches the owner
// (records, sync feed, export, account deletion); the owner's 'Back on the wishlist' undo, directly and pushed.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { purchaseRecords } from '../../server/db/schema.ts'
import { PURCHASE_MESSAGES } from '../../src/contract/purchase.ts'
import { MESSAGE_FIELDS_REQUIRED, VISITOR_MESSAGE_ERRORS } from '../../src/contract/purchase.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner } from './owner-helpers.ts'

type Record = { id: string; wishlistItemId: string; visitorEmail: string | null; visitorMessage: string | null; undoneAt: string | null }

describeEachDatabase('purchase messages and undo', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const buy = (o: Owner, wishlistItemId: string) => t.request('POST', `/api/public/profiles/${o.shareableId}/purchases`, { body: { wishlistItemId } })
  const message = (o: Owner, purchaseId: string, body: unknown) =>
    t.request('POST', `/api/public/profiles/${o.shareableId}/purchases/${purchaseId}/message`, { body })
  const undo = (o: Owner, itemId: string, purchaseId: string) =>
    t.request('POST', `/api/wishlist-items/${itemId}/undo-purchase`, { token: o.token, body: { purchaseId } })
  const records = async (o: Owner): Promise<Record[]> => (await t.request('GET', '/api/purchase-records', { token: o.token })).json
  const cursorOf = async (o: Owner): Promise<number> => (await t.request('GET', '/api/sync/changes?cursor=0', { token: o.token })).json.cursor

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'honest')
  })

  describe("the buyer's message", () => {
    it('is stored with the purchase and reaches the owner: records, the sync feed and the export', async () => {
      const item = await createItem(t, owner, { name: 'Tea set' })
      const bought = await buy(owner, item.id)
      const cursor = await cursorOf(owner)
      const res = await message(owner, bought.json.purchaseId, { email: ' ada@example.com ', message: '  Happy birthday!  ' })
      expect(res.status).toBe(204)

      const record = (await records(owner)).find((r) => r.id === bought.json.purchaseId)
      expect(record).toMatchObject({ visitorEmail: 'ada@example.com', visitorMessage: 'Happy birthday!', undoneAt: null })
      const feed = (await t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: owner.token })).json
      expect(feed.purchases).toEqual([expect.objectContaining({ id: bought.json.purchaseId, visitorMessage: 'Happy birthday!' })])
      const exported = (await t.request('GET', '/api/users/me/export', { token: owner.token })).json
      expect(exported.purchaseRecords).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: bought.json.purchaseId, visitorEmail: 'ada@example.com', visitorMessage: 'Happy birthday!' })]),
      )
    })

    it('blank or missing fields are refused with the spec message, and nothing is stored', async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      for (const body of [{ email: '  ', message: 'Hi' }, { email: 'a@example.com', message: ' \n ' }, { email: 'a@example.com' }]) {
        const res = await message(owner, bought.json.purchaseId, body)
        expect(res.status).toBe(400)
        expect(res.json).toEqual({ message: MESSAGE_FIELDS_REQUIRED })
      }
      const bad = await message(owner, bought.json.purchaseId, { email: 'not an address', message: 'Hi' })
      expect(bad.status).toBe(400)
      expect(bad.json).toEqual({ message: 'Please enter a valid email address.' })
      expect((await records(owner)).find((r) => r.id === bought.json.purchaseId)?.visitorMessage).toBeNull()
    })

    it('a message with a control character (NUL, bell, escape) is refused with the control-character message; lines and tabs are kept', async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      for (const control of ['\u0000', '\u0007', '\u001b']) {
        const res = await message(owner, bought.json.purchaseId, { email: 'a@example.com', message: `Happy${control} birthday` })
        expect(res.status, JSON.stringify(control)).toBe(400)
        expect(res.json).toEqual({ message: VISITOR_MESSAGE_ERRORS.messageControl })
      }
      expect((await records(owner)).find((r) => r.id === bought.json.purchaseId)?.visitorMessage).toBeNull()
      expect((await message(owner, bought.json.purchaseId, { email: 'a@example.com', message: 'Happy birthday!\n\tAda' })).status).toBe(204)
      expect((await records(owner)).find((r) => r.id === bought.json.purchaseId)?.visitorMessage).toBe('Happy birthday!\n\tAda')
    })

    it('only one message per purchase, only for a purchase of this profile', async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      expect((await message(owner, bought.json.purchaseId, { email: 'a@example.com', message: 'First' })).status).toBe(204)
      const second = await message(owner, bought.json.purchaseId, { email: 'b@example.com', message: 'Overwrite' })
      expect(second.status).toBe(409)
      expect(second.json).toEqual({ message: PURCHASE_MESSAGES.messageAlreadySent })
      expect((await records(owner)).find((r) => r.id === bought.json.purchaseId)?.visitorMessage).toBe('First')

      const other = await signUpOwner(t, 'honestother')
      const elsewhere = await message(other, bought.json.purchaseId, { email: 'a@example.com', message: 'Hi' })
      expect(elsewhere.status).toBe(404)
      expect(elsewhere.json).toEqual({ message: PURCHASE_MESSAGES.purchaseNotFound })
      expect((await message(owner, crypto.randomUUID(), { email: 'a@example.com', message: 'Hi' })).status).toBe(404)
      expect((await message(owner, 'not-a-uuid', { email: 'a@example.com', message: 'Hi' })).status).toBe(404)
    })

    it('is deleted with the account', async () => {
      const leaving = await signUpOwner(t, 'honestleaving')
      const item = await createItem(t, leaving)
      const bought = await buy(leaving, item.id)
      await message(leaving, bought.json.purchaseId, { email: 'a@example.com', message: 'Goes with the account' })
      expect((await t.request('DELETE', '/api/users/me', { token: leaving.token, body: { currentPassword: leaving.password } })).status).toBe(204)
      expect(await t.db.select().from(purchaseRecords).where(eq(purchaseRecords.id, bought.json.purchaseId))).toEqual([])
    })
  })

  describe("'Back on the wishlist'", () => {
    it('puts the item on sale again, keeps the record marked undone, and both changes are in the sync feed', async () => {
      const item = await createItem(t, owner, { name: 'Pranked gift', price: 99999.99 })
      const bought = await buy(owner, item.id)
      const cursor = await cursorOf(owner)
      expect((await undo(owner, item.id, bought.json.purchaseId)).status).toBe(204)

      const seen = (await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json
      expect(seen).toMatchObject({ isPurchased: false, purchaseStatus: null, purchasedPrice: null })
      const publicItem = (await t.request('GET', `/api/profiles/${owner.shareableId}`)).json.wishlist.find((i: { id: string }) => i.id === item.id)
      expect(publicItem.isPurchased).toBe(false)
      const feed = (await t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: owner.token })).json
      expect(feed.items).toEqual([expect.objectContaining({ id: item.id, isPurchased: false })])
      expect(feed.purchases).toEqual([expect.objectContaining({ id: bought.json.purchaseId, undoneAt: expect.any(String) })])

      // Undoing again (a retried push) answers as done and changes nothing.
      expect((await undo(owner, item.id, bought.json.purchaseId)).status).toBe(204)
      // A visitor can buy it again: a new record beside the undone one.
      const again = await buy(owner, item.id)
      expect(again.status).toBe(201)
      expect(again.json.purchaseId).not.toBe(bought.json.purchaseId)
      const mine = (await records(owner)).filter((r) => r.wishlistItemId === item.id)
      expect(mine.map((r) => r.undoneAt === null).sort()).toEqual([false, true])
    })

    it('an undo sent late never undoes a later, genuine purchase of the same gift', async () => {
      const item = await createItem(t, owner)
      const prank = await buy(owner, item.id)
      await undo(owner, item.id, prank.json.purchaseId)
      const genuine = await buy(owner, item.id)
      // The same undo again, e.g. from a second device that queued it offline.
      expect((await undo(owner, item.id, prank.json.purchaseId)).status).toBe(204)
      expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json.isPurchased).toBe(true)
      expect((await records(owner)).find((r) => r.id === genuine.json.purchaseId)?.undoneAt).toBeNull()
    })

    it("another owner's purchase, a mismatched item or a made-up id is 404; without a token 401", async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      const other = await signUpOwner(t, 'honestundo')
      const res = await undo(other, item.id, bought.json.purchaseId)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: PURCHASE_MESSAGES.purchaseNotFound })
      const otherItem = await createItem(t, owner)
      expect((await undo(owner, otherItem.id, bought.json.purchaseId)).status).toBe(404)
      expect((await undo(owner, item.id, crypto.randomUUID())).status).toBe(404)
      expect((await undo(owner, item.id, 'nope')).status).toBe(400)
      expect((await t.request('POST', `/api/wishlist-items/${item.id}/undo-purchase`, { body: { purchaseId: bought.json.purchaseId } })).status).toBe(401)
      expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json.isPurchased).toBe(true)
    })

    it('syncs like any write: pushed through /api/sync/push with a mutation id, replayed without running twice', async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      const operations = [
        { method: 'POST', path: `/api/wishlist-items/${item.id}/undo-purchase`, body: { purchaseId: bought.json.purchaseId }, idempotencyKey: newKey(), mutationId: 1 },
      ]
      const deviceId = `device-${crypto.randomUUID()}`
      const res = await t.request('POST', '/api/sync/push', { token: owner.token, body: { deviceId, operations } })
      expect(res.json.results.map((r: { status: number }) => r.status)).toEqual([204])
      expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json.isPurchased).toBe(false)
      const again = await t.request('POST', '/api/sync/push', { token: owner.token, body: { deviceId, operations } })
      expect(again.status).toBe(200)
      expect(again.json.results[0].status).toBeLessThan(300)
    })

    it("takes no message afterwards: the prankster cannot write into the owner's purchases; a message sent before stays", async () => {
      const item = await createItem(t, owner)
      const prank = await buy(owner, item.id)
      await undo(owner, item.id, prank.json.purchaseId)
      const cursor = await cursorOf(owner)
      const late = await message(owner, prank.json.purchaseId, { email: 'prank@example.com', message: 'Gotcha' })
      expect(late.status).toBe(409)
      expect(late.json).toEqual({ message: PURCHASE_MESSAGES.purchaseUndone })
      expect((await records(owner)).find((r) => r.id === prank.json.purchaseId)).toMatchObject({ visitorEmail: null, visitorMessage: null })
      expect((await t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: owner.token })).json.purchases).toEqual([])

      const kind = await buy(owner, item.id)
      expect((await message(owner, kind.json.purchaseId, { email: 'kind@example.com', message: 'For you' })).status).toBe(204)
      await undo(owner, item.id, kind.json.purchaseId)
      const again = await message(owner, kind.json.purchaseId, { email: 'kind@example.com', message: 'Again' })
      expect(again.json).toEqual({ message: PURCHASE_MESSAGES.messageAlreadySent })
      expect((await records(owner)).find((r) => r.id === kind.json.purchaseId)?.visitorMessage).toBe('For you')
    })

    it('undoing the purchase of a deleted item only marks the record', async () => {
      const item = await createItem(t, owner)
      const bought = await buy(owner, item.id)
      await t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token })
      expect((await undo(owner, item.id, bought.json.purchaseId)).status).toBe(204)
      expect((await records(owner)).find((r) => r.id === bought.json.purchaseId)?.undoneAt).toEqual(expect.any(String))
    })
  })
})
