// Owner wishlist items: list and create under a profile, read, update and delete by id (spec section 7).
import { and, asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { UndoPurchaseSchema } from '../../src/contract/purchase.ts'
import { ItemCreateSchema, ItemUpdateSchema } from '../../src/contract/wishlist.ts'
import { requireAuth } from '../http/require-auth.ts'
import type { Db } from '../db/client.ts'
import { profiles, wishlistItems } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { mutationOf } from '../changes/client-mutations.ts'
import { isUuid } from '../images/image-store.ts'
import { toWishlistItem } from './item-view.ts'
import { undoPurchase } from './purchase-undo.ts'
import { createItem, deleteItem, findOwnItem, updateItem } from './wishlist-writes.ts'

const profileNotFound = () => new ApiError(404, 'Profile not found')

/** The owner's profile id, or 404 for another owner's or a malformed one. */
async function ownProfileId(db: Db, userId: string, profileId: string): Promise<string> {
  if (!isUuid(profileId)) throw profileNotFound()
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.userId, userId))).limit(1)
  if (!row) throw profileNotFound()
  return row.id
}

export function wishlistItemRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    .use('/wishlist-items/*', requireAuth(deps), idempotency(deps))
    .get('/wishlist-items/profile/:profileId', async (c) => {
      const profileId = await ownProfileId(db, c.var.userId, c.req.param('profileId'))
      const rows = await db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.profileId, profileId))
        .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id))
      return c.json(rows.map(toWishlistItem))
    })
    .post('/wishlist-items/profile/:profileId', validate('json', ItemCreateSchema), async (c) => {
      const profileId = await ownProfileId(db, c.var.userId, c.req.param('profileId'))
      const { row } = await createItem(db, c.var.userId, profileId, c.req.valid('json'), deps.now(), mutationOf(c))
      return c.json(toWishlistItem(row), 201)
    })
    .get('/wishlist-items/:id', async (c) => {
      return c.json(toWishlistItem(await findOwnItem(db, c.var.userId, c.req.param('id'))))
    })
    .put('/wishlist-items/:id', validate('json', ItemUpdateSchema), async (c) => {
      return c.json(toWishlistItem(await updateItem(db, c.var.userId, c.req.param('id'), c.req.valid('json'), deps.now(), mutationOf(c))))
    })
    .delete('/wishlist-items/:id', async (c) => {
      await deleteItem(db, c.var.userId, c.req.param('id'), deps.now(), mutationOf(c))
      return c.body(null, 204)
    })
    // 'Back on the wishlist' (decision 148): the owner undoes a visitor's purchase, e.g. a stranger's prank.
    .post('/wishlist-items/:id/undo-purchase', validate('json', UndoPurchaseSchema), async (c) => {
      const itemId = c.req.param('id')
      await undoPurchase(db, c.var.userId, itemId, c.req.valid('json').purchaseId, deps.now(), mutationOf(c))
      return c.body(null, 204)
    })
}
