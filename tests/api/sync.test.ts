import { beforeAll, describe, expect, it } from 'vitest'
import { PUSH_MESSAGES } from '../../server/sync/sync.ts'
import { PUSH_NOT_ATTEMPTED_STATUS } from '../../src/contract/sync.ts'
import { ITEM_MESSAGES } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner, validItem } from './owner-helpers.ts'

describeEachDatabase('sync', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })
  const changes = async (o: Owner, cursor: number, limit?: number) => {
    const res = await t.request('GET', `/api/sync/changes?cursor=${cursor}${limit ? `&limit=${limit}` : ''}`, { token: o.token })
    expect(res.status).toBe(200)
    return res.json
  }

  describe('GET /api/sync/changes', () => {
    it('cursor 0 is a full snapshot: profile, every item, every purchase, no tombstones', async () => {
      const o = await signUpOwner(t, 'snap')
      const a = await createItem(t, o, { name: 'Item A' })
      const b = await createItem(t, o, { name: 'Item B' })
      const gone = await createItem(t, o, { name: 'Item gone' })
      await t.request('DELETE', `/api/wishlist-items/${gone.id}`, { token: o.token })
      await t.request('POST', `/api/public/profiles/${o.shareableId}/purchases`, { body: { wishlistItemId: b.id } })
      const feed = await changes(o, 0)
      expect(Object.keys(feed).sort()).toEqual(['cursor', 'deletedItemIds', 'epoch', 'hasMore', 'items', 'orders', 'profile', 'purchases', 'reset', 'scans'])
      expect(feed.reset).toBe(true)
      expect(feed.hasMore).toBe(false)
      expect(feed.profile).toMatchObject({ id: o.profileId, username: o.username, shareableId: o.shareableId })
      expect(feed.profile.wishlist).toBeUndefined()
      expect(feed.items.map((i: { id: string }) => i.id).sort()).toEqual([a.id, b.id].sort())
      expect(feed.deletedItemIds).toEqual([])
      expect(feed.purchases).toEqual([expect.objectContaining({ wishlistItemId: b.id })])
      expect(feed.cursor).toBeGreaterThan(0)
    })

    it('after a cursor: only what changed, deletions as tombstones, and nothing when nothing changed', async () => {
      const o = await signUpOwner(t, 'delta')
      const keep = await createItem(t, o, { name: 'Keep me' })
      const drop = await createItem(t, o, { name: 'Drop me' })
      const { cursor } = await changes(o, 0)
      expect(await changes(o, cursor)).toEqual({ cursor, epoch: expect.any(String), hasMore: false, reset: false, items: [], deletedItemIds: [], purchases: [], orders: [], scans: expect.any(Array) })

      await t.request('PUT', `/api/wishlist-items/${keep.id}`, { token: o.token, body: { name: 'Kept and renamed' } })
      await t.request('DELETE', `/api/wishlist-items/${drop.id}`, { token: o.token })
      const feed = await changes(o, cursor)
      expect(feed.reset).toBe(false)
      expect(feed.items).toEqual([expect.objectContaining({ id: keep.id, name: 'Kept and renamed' })])
      expect(feed.deletedItemIds).toEqual([drop.id])
      expect(feed.profile).toBeUndefined()
      expect(feed.cursor).toBe(cursor + 2)

      await t.request('PUT', '/api/profiles', { token: o.token, body: { description: 'New words.' } })
      const profileFeed = await changes(o, feed.cursor)
      expect(profileFeed.profile).toMatchObject({ description: 'New words.' })
      expect(profileFeed.items).toEqual([])
    })

    it('the cursor is a per-user counter: another owner’s writes neither appear nor move it', async () => {
      const o = await signUpOwner(t, 'mine')
      const other = await signUpOwner(t, 'theirs')
      await createItem(t, o)
      const { cursor } = await changes(o, 0)
      await createItem(t, other)
      await createItem(t, other)
      expect(await changes(o, cursor)).toMatchObject({ cursor, items: [] })
    })

    it('pages by limit without losing or repeating a change', async () => {
      const o = await signUpOwner(t, 'pages')
      const made = []
      for (let i = 0; i < 5; i++) made.push(await createItem(t, o, { name: `Paged item ${i}` }))
      await t.request('DELETE', `/api/wishlist-items/${made[0]?.id}`, { token: o.token })
      const { cursor: start } = await changes(o, 0)
      for (const item of made.slice(1)) await t.request('PUT', `/api/wishlist-items/${item.id}`, { token: o.token, body: { price: 1 } })

      const seen: string[] = []
      let cursor = start
      let pages = 0
      for (;;) {
        const page = await changes(o, cursor, 2)
        seen.push(...page.items.map((i: { id: string }) => i.id))
        cursor = page.cursor
        pages++
        if (!page.hasMore) break
      }
      expect(pages).toBe(2)
      expect(seen).toEqual(made.slice(1).map((i) => i.id))

      const firstPage = await changes(o, 0, 2)
      expect(firstPage).toMatchObject({ reset: true, hasMore: true })
      expect(firstPage.items).toHaveLength(2)
      const rest = await changes(o, firstPage.cursor, 10)
      expect(rest.reset).toBe(false)
      expect([...firstPage.items, ...rest.items].map((i: { id: string }) => i.id).sort()).toEqual(made.slice(1).map((i) => i.id).sort())
    })

    it('a cursor from the future starts again with a full snapshot', async () => {
      const o = await signUpOwner(t, 'future')
      await createItem(t, o)
      const feed = await changes(o, 999999)
      expect(feed.reset).toBe(true)
      expect(feed.items).toHaveLength(1)
    })

    it('refuses a malformed cursor or limit with 400 and needs a token', async () => {
      const o = await signUpOwner(t, 'badcursor')
      expect((await t.request('GET', '/api/sync/changes?cursor=-1', { token: o.token })).status).toBe(400)
      expect((await t.request('GET', '/api/sync/changes?cursor=0&limit=0', { token: o.token })).status).toBe(400)
      expect((await t.request('GET', '/api/sync/changes?cursor=0')).status).toBe(401)
    })
  })

  describe('POST /api/sync/push', () => {
    it('runs each operation in order, answers one {status, body} each, and stops at the first that does not succeed', async () => {
      const o = await signUpOwner(t, 'pusher')
      const id = crypto.randomUUID()
      const operations = [
        { method: 'POST', path: `/api/wishlist-items/profile/${o.profileId}`, body: validItem({ id, name: 'Pushed item' }), idempotencyKey: newKey() },
        { method: 'PUT', path: `/api/wishlist-items/${id}`, body: { price: 12.5 }, idempotencyKey: newKey() },
        { method: 'POST', path: `/api/wishlist-items/profile/${o.profileId}`, body: validItem({ name: 'x' }), idempotencyKey: newKey() },
        { method: 'PUT', path: '/api/profiles', body: { description: 'Pushed description.' }, idempotencyKey: newKey() },
      ]
      const res = await t.request('POST', '/api/sync/push', { token: o.token, body: { operations } })
      expect(res.status).toBe(200)
      expect(res.json.results.map((r: { status: number }) => r.status)).toEqual([201, 200, 400, PUSH_NOT_ATTEMPTED_STATUS])
      expect(res.json.results[1].body).toMatchObject({ id, name: 'Pushed item', price: 12.5 })
      expect(res.json.results[2].body).toEqual({ message: ITEM_MESSAGES.name })
      expect(res.json.results[3].body).toEqual({ message: PUSH_MESSAGES.notAttempted })
      expect((await t.request('GET', '/api/profiles', { token: o.token })).json.description).not.toBe('Pushed description.')

      // The same batch again (a retry after a lost answer) replays every answer and changes nothing.
      const again = await t.request('POST', '/api/sync/push', { token: o.token, body: { operations } })
      expect(again.json).toEqual(res.json)
      const items = await t.request('GET', `/api/wishlist-items/profile/${o.profileId}`, { token: o.token })
      expect(items.json).toEqual([expect.objectContaining({ id, price: 12.5 })])
      // Without the refused one, the operation that was not attempted runs.
      const rest = await t.request('POST', '/api/sync/push', { token: o.token, body: { operations: [operations[3]] } })
      expect(rest.json.results.map((r: { status: number }) => r.status)).toEqual([200])
    })

    it('an operation is answered exactly as the same call sent alone, ownership included', async () => {
      const o = await signUpOwner(t, 'pushown')
      const other = await signUpOwner(t, 'pushother')
      const theirs = await createItem(t, other, { name: 'Not yours' })
      const res = await t.request('POST', '/api/sync/push', {
        token: o.token,
        body: { operations: [{ method: 'DELETE', path: `/api/wishlist-items/${theirs.id}`, idempotencyKey: newKey() }] },
      })
      const alone = await t.request('DELETE', `/api/wishlist-items/${theirs.id}`, { token: o.token })
      expect(res.json.results).toEqual([{ status: alone.status, body: alone.json }])
      expect((await t.request('GET', `/api/wishlist-items/${theirs.id}`, { token: other.token })).json.name).toBe('Not yours')
    })

    it.each(['/api/sync/push', '/api/auth/logout', '/api/users/me', '/api/public/profiles/x/purchases', '/api/wishlist-items/../sync/push', '/api/profiles/x'])(
      'refuses the path %s per operation with 400',
      async (path) => {
        const o = await signUpOwner(t, 'pushpath')
        const res = await t.request('POST', '/api/sync/push', { token: o.token, body: { operations: [{ method: 'POST', path, body: {}, idempotencyKey: newKey() }] } })
        expect(res.status).toBe(200)
        expect(res.json.results).toEqual([{ status: 400, body: { message: PUSH_MESSAGES.pathNotAllowed } }])
      },
    )

    it('refuses more than 100 operations, and none', async () => {
      const o = await signUpOwner(t, 'pushmany')
      const op = { method: 'PUT', path: '/api/profiles', body: { description: 'x' }, idempotencyKey: 'k'.repeat(10) }
      const tooMany = await t.request('POST', '/api/sync/push', { token: o.token, body: { operations: Array.from({ length: 101 }, () => op) } })
      expect(tooMany.status).toBe(400)
      expect(tooMany.json).toEqual({ message: 'At most 100 operations per push' })
      expect((await t.request('POST', '/api/sync/push', { token: o.token, body: { operations: [] } })).status).toBe(400)
      expect((await t.request('POST', '/api/sync/push', { body: { operations: [op] } })).status).toBe(401)
    })
  })
})
