import { beforeAll, expect, it } from 'vitest'
import { TOMBSTONE_RETENTION_MS } from '../../server/changes/tombstones.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner } from './owner-helpers.ts'

describeEachDatabase('tombstones older than the retention', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    // Its own app, because this suite moves the clock a month ahead.
    t = new TestApp(await getDatabase())
  })

  const changes = async (o: Owner, cursor: number) => (await t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: o.token })).json
  const signInAgain = async (o: Owner) => {
    const res = await t.request('POST', '/api/auth/login', { body: { email: o.email, password: o.password } })
    return { ...o, token: res.json.token as string }
  }

  it('are pruned on a later delete, and a cursor from before them gets a full snapshot instead of a missed deletion', async () => {
    let o = await signUpOwner(t, 'prune')
    const gone = await createItem(t, o, { name: 'Deleted long ago' })
    const stays = await createItem(t, o, { name: 'Still wanted' })
    const { cursor: oldCursor } = await changes(o, 0)
    expect((await t.request('DELETE', `/api/wishlist-items/${gone.id}`, { token: o.token })).status).toBe(204)

    t.clock.advance(TOMBSTONE_RETENTION_MS + 60_000)
    o = await signInAgain(o)
    const later = await createItem(t, o, { name: 'Deleted today' })
    expect((await t.request('DELETE', `/api/wishlist-items/${later.id}`, { token: o.token })).status).toBe(204)

    const feed = await changes(o, oldCursor)
    expect(feed.reset).toBe(true)
    expect(feed.items.map((i: { id: string }) => i.id)).toEqual([stays.id])
    expect(feed.deletedItemIds).toEqual([])

    // A cursor after the pruned tombstone still gets the recent deletion as a tombstone.
    const { cursor: recent } = await changes(o, 0)
    const recreated = await createItem(t, o, { name: 'Another one' })
    await t.request('DELETE', `/api/wishlist-items/${recreated.id}`, { token: o.token })
    expect(await changes(o, recent)).toMatchObject({ reset: false, deletedItemIds: [recreated.id] })
  })
})
