// Owns placing one pending order once: its ids derived from the owner and the request's Idempotency-Key, so every retry
// names the same draft at the provider, which is adopted rather than doubled (docs/decisions/208-one-draft-per-pending-order.md).
import { createHash, randomUUID } from 'node:crypto'
import { ApiError } from '../../http/http.ts'
import type { DraftOrderInput, PrintProvider, ProviderOrder } from './provider.ts'

export type OrderIdentity = {
  /** Our row's id (a UUID). */
  id: string
  /** The provider's external_id: the id's 32 hex digits (Printful allows at most 32 characters). */
  externalId: string
  /** Whether a retry may already have placed this order at the provider (it must be looked up before creating). */
  derived: boolean
}

export function orderIdentity(userId: string, idempotencyKey?: string): OrderIdentity {
  if (idempotencyKey === undefined) {
    const id = randomUUID()
    return { id, externalId: id.replaceAll('-', ''), derived: false }
  }
  // The separator keeps (user, key) pairs apart: a user id never contains a newline.
  const hex = createHash('sha256').update(`qrtee-order\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32).split('')
  // Shaped as an RFC 9562 version-8 UUID (custom bits), so any UUID check downstream takes it.
  hex[12] = '8'
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  const externalId = hex.join('')
  const id = `${externalId.slice(0, 8)}-${externalId.slice(8, 12)}-${externalId.slice(12, 16)}-${externalId.slice(16, 20)}-${externalId.slice(20)}`
  return { id, externalId, derived: true }
}

/**
 * The provider's draft for this order: with a derived id, an earlier attempt whose answer was lost may have placed it
 * already, so it is looked up first and adopted. The earlier attempt may also still be on its way to the provider and
 * land between that look-up and our create; the provider then refuses the external_id (400) and the order is read again.
 */
export async function placeOnce(provider: PrintProvider, input: DraftOrderInput, derived: boolean): Promise<ProviderOrder> {
  if (!derived) return provider.createDraftOrder(input)
  const earlier = await provider.getOrderByExternalId(input.externalId)
  if (earlier) return earlier
  try {
    return await provider.createDraftOrder(input)
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err
    // Printful's wording for a used external_id is not promised; any refusal is checked against what it holds.
    const landed = await provider.getOrderByExternalId(input.externalId)
    if (landed) return landed
    throw err
  }
}
