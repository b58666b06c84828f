// Owns the one network call of a visitor's purchase: POST /api/public/profiles/{shareableId}/purchases.
import * as v from 'valibot'
import { apiPaths } from '../../contract/api-paths.ts'
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
