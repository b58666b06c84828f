// Owns the Order tab's quantity rules: a typed quantity is ordered exactly as shown, or refused on its field.
import { ORDER_LIMITS, ORDER_MESSAGES } from '../../contract/order.ts'

export type QuantityReading = { ok: true; quantity: number } | { ok: false; message: string }

/**
 * The quantity the field shows, read exactly: a whole number from 1 to 100 (spec: at least 1; one order line takes at
 * most 100). Anything else ('0', '2.5', '250', '') is refused with the contract's message, never turned into another
 * number, so the field never shows one quantity while another is priced and ordered.
 */
export function readQuantity(text: string): QuantityReading {
  const trimmed = text.trim()
  const quantity = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN
  if (quantity >= ORDER_LIMITS.quantityMin && quantity <= ORDER_LIMITS.quantityMax) return { ok: true, quantity }
  return { ok: false, message: ORDER_MESSAGES.quantity }
}

/** A quantity kept on this device by an older version: brought into the limits, since nobody typed it just now. */
export function clampQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10)
  return Number.isFinite(n) ? Math.min(ORDER_LIMITS.quantityMax, Math.max(ORDER_LIMITS.quantityMin, Math.trunc(n))) : ORDER_LIMITS.quantityMin
}

/** What the minus and plus buttons step to: one less or more, within the limits. */
export function stepQuantity(quantity: number, step: 1 | -1): number {
  return clampQuantity(quantity + step)
}
