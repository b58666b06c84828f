import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http-core.ts'
import type { Order } from '../../contract/order.ts'
import { FencedError } from '../../local/generation.ts'
import { clearLocalData } from '../../local/session.ts'
import { openOwnerDatabase } from '../../local/db.ts'
import { freshDatabase } from '../../local/testing.ts'
import { isOrderRefusal } from './order-api.ts'
import { pendingOrderFor, sendPendingOrder, type SendOrder } from './pending-order.ts'

const body = { recipient: { name: 'Ada' }, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }
const order = (id: string) => ({ id, totalCents: 3199 }) as Order

/** A server that remembers Idempotency-Keys: a key it has seen answers the same order, a new key orders again. */
function idempotentServer() {
  const placed = new Map<string, Order>()
  const keys: string[] = []
  const send: SendOrder = async (_body, key) => {
    keys.push(key)
    const existing = placed.get(key)
    if (existing) return existing
    const created = order(`order-${placed.size + 1}`)
    placed.set(key, created)
    return created
  }
  return { send, keys, placed }
}

describe('a draft order is placed exactly once', () => {
  it('an answer lost, then a reload: the stored order goes again with the same key and is placed once', async () => {
    const db = freshDatabase('pending-order')
    const server = idempotentServer()
    await pendingOrderFor(db, 'tee-M-ada', body)
    // The server places it, the answer is lost on the way back.
    const lost: SendOrder = async (sent, key) => {
      await server.send(sent, key)
      throw new TypeError('Failed to fetch')
    }
    await expect(sendPendingOrder(db, lost, isOrderRefusal)).rejects.toThrow('Failed to fetch')
    // The tab reloads: a new page reads the stored order and key.
    db.close()
    const reloaded = freshDatabaseNamed(db.name)
    const created = await sendPendingOrder(reloaded, server.send, isOrderRefusal)
    expect(created?.id).toBe('order-1')
    expect(new Set(server.keys).size).toBe(1)
    expect(server.placed.size).toBe(1)
    expect(await reloaded.orders.get('order-1')).toMatchObject({ id: 'order-1' })
    expect(await reloaded.orderDrafts.get('pending-order')).toBeUndefined()
    // Another click on the same order after that is a new order only because the owner asked again.
    expect(await sendPendingOrder(reloaded, server.send, isOrderRefusal)).toBeUndefined()
  })

  it('the same order clicked again keeps its key; a changed order gets a new one', async () => {
    const db = freshDatabase('pending-order-key')
    const first = await pendingOrderFor(db, 'tee-M-ada', body)
    expect((await pendingOrderFor(db, 'tee-M-ada', body)).idempotencyKey).toBe(first.idempotencyKey)
    expect((await pendingOrderFor(db, 'tee-L-ada', body)).idempotencyKey).not.toBe(first.idempotencyKey)
  })

  it('a logout while the order is on its way: the late answer is not written, and nothing is resent', async () => {
    const db = freshDatabase('pending-order-logout')
    await pendingOrderFor(db, 'tee-M-ada', body)
    const server = idempotentServer()
    const logoutMeanwhile: SendOrder = async (sent, key) => {
      await clearLocalData(db)
      return server.send(sent, key)
    }
    await expect(sendPendingOrder(db, logoutMeanwhile, isOrderRefusal)).rejects.toBeInstanceOf(FencedError)
    expect(await db.orders.count()).toBe(0)
    expect(await sendPendingOrder(db, server.send, isOrderRefusal)).toBeUndefined()
    expect(server.keys).toHaveLength(1)
  })

  it('a refusal ends the pending order; a lost answer keeps it', async () => {
    const db = freshDatabase('pending-order-refused')
    await pendingOrderFor(db, 'tee-M-ada', body)
    await expect(sendPendingOrder(db, () => Promise.reject(new ApiError('Too many requests', 429)), isOrderRefusal)).rejects.toThrow()
    expect(await db.orderDrafts.get('pending-order')).toBeDefined()
    await expect(sendPendingOrder(db, () => Promise.reject(new ApiError('Invalid shipping', 400)), isOrderRefusal)).rejects.toThrow()
    expect(await db.orderDrafts.get('pending-order')).toBeUndefined()
  })
})

function freshDatabaseNamed(name: string) {
  return openOwnerDatabase(name)
}
