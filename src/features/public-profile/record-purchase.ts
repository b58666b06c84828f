// Owns the network calls of a visitor's purchase: POST /api/public/profiles/{shareableId}/purchases, and the buyer's
// message that follows it.
import * as v from 'valibot'
import { apiPaths } from '../../contract/api-paths.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/names.ts'
import type { VisitorPurchaseResult } from '../../contract/purchase.ts'
import { VisitorPurchaseResultSchema } from '../../contract/purchase.ts'
import type { PurchaseFailure } from './purchase-flow.ts'
import { classifyPurchaseFailure } from './purchase-flow.ts'

export type RecordPurchaseOutcome = { ok: true; result: VisitorPurchaseResult } | { ok: false; failure: PurchaseFailure }

/** Records the purchase; never throws, so the caller only decides what to tell the visitor. */
export async function recordPurchase(
  shareableId: string,
  wishlistItemId: string,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch; online?: boolean } = {},
): Promise<RecordPurchaseOutcome> {
  // Known offline: fail before sending, so nothing is half-done and the message is the honest one.
  if (options.online === false) return { ok: false, failure: 'offline' }
  let response: Response
  try {
    response = await (options.fetchImpl ?? fetch)(apiPaths.publicPurchases(shareableId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ wishlistItemId }),
      signal: options.signal,
    })
  } catch {
    return { ok: false, failure: classifyPurchaseFailure({ networkError: true }) }
  }
  if (!response.ok) return { ok: false, failure: classifyPurchaseFailure({ status: response.status }) }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { ok: false, failure: 'unknown' }
  }
  const parsed = v.safeParse(VisitorPurchaseResultSchema, body)
  return parsed.success ? { ok: true, result: parsed.output } : { ok: false, failure: 'unknown' }
}

export type SendMessageOutcome = { ok: true } | { ok: false; error: string }

export const MESSAGE_SEND_ERRORS = {
  offline: 'No connection. Your message is still here; send it when you are back online.',
  noAnswer: 'The server did not answer. Your message is still here; please try again.',
} as const

/** Stores the buyer's message with their purchase (decision 148); never throws, and says every failure in words. */
export async function sendPurchaseMessage(
  shareableId: string,
  purchaseId: string,
  fields: { email: string; message: string },
  options: { fetchImpl?: typeof fetch; online?: boolean; idempotencyKey?: string } = {},
): Promise<SendMessageOutcome> {
  if (options.online === false) return { ok: false, error: MESSAGE_SEND_ERRORS.offline }
  let response: Response
  try {
    response = await (options.fetchImpl ?? fetch)(apiPaths.publicPurchaseMessage(shareableId, purchaseId), {
      method: 'POST',
      // A resend after a lost answer is the same message, not a second one refused as "already sent".
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey ?? crypto.randomUUID() },
      body: JSON.stringify(fields),
    })
  } catch {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    return { ok: false, error: offline ? MESSAGE_SEND_ERRORS.offline : MESSAGE_SEND_ERRORS.noAnswer }
  }
  if (response.ok) return { ok: true }
  if (response.status >= 500) return { ok: false, error: MESSAGE_SEND_ERRORS.noAnswer }
  const body: unknown = await response.json().catch(() => null)
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : null
  return { ok: false, error: message ?? MESSAGE_SEND_ERRORS.noAnswer }
}
