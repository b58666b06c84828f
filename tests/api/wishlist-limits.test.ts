import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { users, wishlistItems } from '../../server/db/schema.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { ITEM_MESSAGES } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, validItem } from './owner-helpers.ts'

describeEachDatabase('wishlist size bound', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it(`a wishlist holds at most ${LIMITS.wishlistItemsMax} items; the next create answers 409 {message}`, async () => {
    const owner = await signUpOwner(t, 'fullwish')
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
    const userId = user?.id ?? ''
    // Filling the list directly keeps the test fast; the bound is what the API checks.
    await t.db.insert(wishlistItems).values(
      Array.from({ length: LIMITS.wishlistItemsMax - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        userId,
        profileId: owner.profileId,
        name: `Filler ${i}`,
        brand: 'B',
        description: 'A filler item for the bound.',
        price: 1,
      })),
    )
    const last = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem() })
    expect(last.status).toBe(201)
    const over = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem() })
    expect(over.status).toBe(409)
    expect(over.json).toEqual({ message: ITEM_MESSAGES.tooManyItems })
  })
})
