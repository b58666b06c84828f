// Item images on other hosts brought home (issue 28): copied by the upload's rules, unfetchable ones dropped without
// the item, and two servers running the job together settle each item exactly once.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { images, wishlistItems } from '../../server/db/schema.ts'
import { bringExternalImagesHome } from '../../server/images/external-images.ts'
import { type FakeShop, startFakeShop } from '../fake-shop.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'

let shop: FakeShop
beforeAll(async () => {
  shop = await startFakeShop()
})
afterAll(() => shop.close())

describeEachDatabase('external item images', (getDatabase) => {
  let database: Awaited<ReturnType<typeof getDatabase>>
  // Opened in the hook: a first PGlite open and migration takes longer than a test may.
  beforeAll(async () => {
    database = await getDatabase()
  })

  it('copies the fetchable ones, drops the rest, keeps every item, and two servers settle each once', async () => {
    const base = new TestApp(database)
    const config = { ...base.deps.config, linkPreviewAllowHosts: [shop.hostPort] }
    const one = new TestApp(database, { config })
    const two = new TestApp(database, { config })
    const owner = await signUpOwner(one, 'external')
    // Written straight to the table: the API refuses such addresses now, older rows still carry them.
    const external = {
      photo: `${shop.origin}/img/photo.jpg?${randomUUID()}`,
      fake: `${shop.origin}/img/fake.png`,
      bomb: `${shop.origin}/img/bomb.png`,
      privateHost: 'http://10.0.0.1/pixel.gif',
      missing: `${shop.origin}/img/gone.png`,
    }
    const ids: Record<string, string> = {}
    for (const [key, url] of Object.entries(external)) {
      const item = await createItem(one, owner, { name: `Gift ${key}` })
      await one.db.update(wishlistItems).set({ imageUrl: url }).where(eq(wishlistItems.id, item.id))
      ids[key] = item.id
    }
    const [first] = await one.db.select({ userId: wishlistItems.userId }).from(wishlistItems).where(eq(wishlistItems.id, ids.photo!))
    const userId = first!.userId
    const before = await one.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))

    const [a, b] = await Promise.all([bringExternalImagesHome(one.deps), bringExternalImagesHome(two.deps)])
    // Other files' rows may share the database, so count only this owner's outcome in the rows themselves.
    expect(a.copied + b.copied).toBeGreaterThanOrEqual(1)

    const rows = await one.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))
    expect(rows).toHaveLength(5)
    for (const row of rows) expect(row.imageUrl).toBeNull()
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(ids.photo!)?.storedImageId).toEqual(expect.any(String))
    for (const key of ['fake', 'bomb', 'privateHost', 'missing']) expect(byId.get(ids[key]!)?.storedImageId).toBeNull()
    const after = await one.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))
    expect(after.length - before.length).toBe(1)

    // The visitor's copy names only our origin.
    const visitor = await one.request('GET', `/api/profiles/${owner.shareableId}`)
    const shown = (visitor.json.wishlist as Array<{ imageUrl: string | null }>).map((item) => item.imageUrl).filter(Boolean)
    expect(shown).toEqual([`/api/uploads/${byId.get(ids.photo!)?.storedImageId}`])

    // Run again (a restart): nothing left to do for this owner.
    await bringExternalImagesHome(one.deps)
    const again = await one.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))
    expect(again).toHaveLength(after.length)
  })
})
