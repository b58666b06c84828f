// Owns placing a draft order exactly once: the order and its Idempotency-Key are stored on the device before they are
// sent, a reload resends them with the same key, and a logout in between drops both the order and its late answer.
import type { Order } from '../../contract/order.ts'
import type { OwnerDatabase, PendingOrder } from '../../local/db.ts'
import { fencedTransaction, readGeneration } from '../../local/generation.ts'

/** Sends the order body with the key; resolves with the created order, rejects with the API's error. */
export type SendOrder = (body: unknown, idempotencyKey: string) => Promise<Order>

/** Whether an error means the server refused the order for good (a 4xx other than 408/429): the pending one goes. */
export type IsRefusal = (error: unknown) => boolean

/**
 * The pending order for `content` (what the owner asked for): the stored one with its key when it is the same order
 * tried again, else a new one with a new key, stored before anything is sent.
 */
export async function pendingOrderFor(db: OwnerDatabase, content: string, body: unknown): Promise<PendingOrder> {
  const generation = await readGeneration(db)
  return fencedTransaction(db, generation, [db.orderDrafts], async () => {
    const stored = await db.orderDrafts.get('pending-order')
    if (stored?.key === 'pending-order' && stored.value.content === content) return stored.value
    const pending: PendingOrder = { content, idempotencyKey: crypto.randomUUID(), body }
    await db.orderDrafts.put({ key: 'pending-order', value: pending })
    return pending
  })
}

/**
 * Sends the pending order (if any) with its stored key. The created order and the end of the pending one are written
 * together, only while no logout or other owner's sign-in came in between (FencedError otherwise). A refusal ends the
 * pending order; a lost answer keeps it for the next try or reload.
 */
export async function sendPendingOrder(db: OwnerDatabase, send: SendOrder, isRefusal: IsRefusal): Promise<Order | undefined> {
  const generation = await readGeneration(db)
  const stored = await db.orderDrafts.get('pending-order')
  if (stored?.key !== 'pending-order') return undefined
  let created: Order
  try {
    created = await send(stored.value.body, stored.value.idempotencyKey)
  } catch (error) {
    if (isRefusal(error)) await forgetPendingOrder(db, generation, stored.value.idempotencyKey).catch(() => undefined)
    throw error
  }
  await fencedTransaction(db, generation, [db.orders, db.orderDrafts], async () => {
    await db.orders.put(created)
    const current = await db.orderDrafts.get('pending-order')
    if (current?.key === 'pending-order' && current.value.idempotencyKey === stored.value.idempotencyKey) await db.orderDrafts.delete('pending-order')
  })
  return created
}

async function forgetPendingOrder(db: OwnerDatabase, generation: number, key: string) {
  await fencedTransaction(db, generation, [db.orderDrafts], async () => {
    const current = await db.orderDrafts.get('pending-order')
    if (current?.key === 'pending-order' && current.value.idempotencyKey === key) await db.orderDrafts.delete('pending-order')
  })
}
