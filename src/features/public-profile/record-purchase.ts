// Owns the network calls of a visitor's purchase: POST /api/public/profiles/{shareableId}/purchases, and the buyer's
// message that follows it.
import * as v from 'valibot'
import { apiPaths } from '../../contract/api-paths.ts'
import { IDEMPOTENCY_KEY_HEADER, REPLAY_ONLY_HEADER } from '../../contract/names.ts'
import type { ShownItem, VisitorPurchaseResult } from '../../contract/purchase.ts'
import { VisitorPurchaseResultSchema } from '../../contract/purchase.ts'
import type { PurchaseFailure } from './purchase-flow.ts'
import { classifyPurchaseFailure, PURCHASE_FAILURE_MESSAGES } from './purchase-flow.ts'
import { newIdempotencyKey } from '../../lib/random-key.ts'
import { PAGE_REQUEST_TIMEOUT_MS } from '../../lib/request-deadline.ts'

export { newIdempotencyKey }

export type RecordPurchaseOutcome =
  | { ok: true; result: VisitorPurchaseResult }
  | { ok: false; failure: PurchaseFailure; message: string }

export type RecordPurchaseOptions = {
  /** The page going away: the call stops, and the caller says nothing. */
  signal?: AbortSignal
  fetchImpl?: typeof fetch
  online?: boolean
  /** One key per purchase attempt, sent again by its retry: a lost answer is replayed, never a second purchase. */
  idempotencyKey?: string
  /** Only the stored answer of `idempotencyKey`: a key the server never saw buys nothing (404). */
  replayOnly?: boolean
  /**
   * The name and price the visitor confirmed: the server buys only while the gift still has them (decision 206). The
   * same for every send of one attempt, since the server replays an answer only to the same body.
   */
  shown?: ShownItem
  timeoutMs?: number
  /** Asked after a call that got no answer: offline is worded so only when the browser says it is. */
  onlineNow?: () => boolean
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** Records the purchase; never throws, so the caller only decides what to tell the visitor. */
export async function recordPurchase(shareableId: string, wishlistItemId: string, options: RecordPurchaseOptions = {}): Promise<RecordPurchaseOutcome> {
  // Known offline: fail before sending, so nothing is half-done and the message is the honest one.
  if (options.online === false) return failed(classifyPurchaseFailure({ networkError: true, online: false }))
  // A server that took the connection and went silent would leave 'Processing payment...' for ever (decision 192).
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs ?? PAGE_REQUEST_TIMEOUT_MS)
  // By hand, not AbortSignal.any: phones without it (Safari before 17.4) would throw here and leave the card spinning.
  const leaving = () => deadline.abort()
  options.signal?.addEventListener('abort', leaving, { once: true })
  if (options.signal?.aborted) deadline.abort()
  const signal = deadline.signal
  try {
    let response: Response
    try {
      response = await (options.fetchImpl ?? fetch)(apiPaths.publicPurchases(shareableId), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey ?? newIdempotencyKey(),
          ...(options.replayOnly ? { [REPLAY_ONLY_HEADER]: '1' } : {}),
        },
        body: purchaseBody(wishlistItemId, options.shown),
        signal,
      })
    } catch {
      return failed(classifyPurchaseFailure({ networkError: true, online: (options.onlineNow ?? browserOnline)() }))
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) return failed(classifyPurchaseFailure({ status: response.status, serverMessage: messageIn(body), reason: reasonIn(body) }))
    // A body cut off by the deadline or a dropped connection: the purchase may be recorded, its answer never came.
    if (body === undefined) return failed(classifyPurchaseFailure({ networkError: true, online: (options.onlineNow ?? browserOnline)() }))
    const parsed = v.safeParse(VisitorPurchaseResultSchema, body)
    return parsed.success ? { ok: true, result: parsed.output } : failed({ failure: 'unknown', message: PURCHASE_FAILURE_MESSAGES.unknown })
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', leaving)
  }
}

/** Always the same bytes for the same values (the key order fixed here), so a replay's body hashes as its first send did. */
export function purchaseBody(wishlistItemId: string, shown: ShownItem | undefined): string {
  return JSON.stringify(shown ? { wishlistItemId, shown: { name: shown.name, price: shown.price } } : { wishlistItemId })
}

function failed(said: { failure: PurchaseFailure; message: string }): RecordPurchaseOutcome {
  return { ok: false, ...said }
}

function messageIn(body: unknown): string | null {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null
}

function reasonIn(body: unknown): string | null {
  return typeof body === 'object' && body !== null && 'reason' in body && typeof body.reason === 'string' ? body.reason : null
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
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey ?? newIdempotencyKey() },
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
