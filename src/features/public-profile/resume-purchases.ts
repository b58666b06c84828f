// Owns asking again, after a reload, for the answer of a purchase whose answer was lost: the same key makes the server
// replay it (decision 197), so the visitor gets the thanks and the message offer for a gift that did go through.
import { failureNeedsReload } from './purchase-flow.ts'
import { recordPurchase } from './record-purchase.ts'
import { rememberPurchase } from './remembered-purchases.ts'
import { attemptsOf, dropAttempt } from './unanswered-purchases.ts'

export type ResumedPurchase = { itemId: string; purchaseId: string }

/**
 * For each unanswered attempt of this profile whose gift now shows as bought: the purchase again with the attempt's
 * key. A replayed answer is this visitor's purchase; a refusal ('bought by someone else', gone) ends the attempt; no
 * answer keeps it for the next load. A gift still on sale is left alone: its retry reuses the key.
 */
export async function resumeUnansweredPurchases(
  shareableId: string,
  bought: ReadonlySet<string>,
  record: typeof recordPurchase = recordPurchase,
): Promise<ResumedPurchase[]> {
  const resumed: ResumedPurchase[] = []
  for (const attempt of attemptsOf(shareableId)) {
    if (!bought.has(attempt.itemId)) continue
    // Only the stored answer: a key the server never saw must not buy a gift the owner put back meanwhile.
    // With what the attempt was sent with: the server replays only to the same body.
    const outcome = await record(shareableId, attempt.itemId, { idempotencyKey: attempt.key, replayOnly: true, ...(attempt.shown && { shown: attempt.shown }) })
    if (outcome.ok) {
      dropAttempt(shareableId, attempt.itemId)
      rememberPurchase({ shareableId, itemId: attempt.itemId, purchaseId: outcome.result.purchaseId, at: outcome.result.purchasedAt })
      resumed.push({ itemId: attempt.itemId, purchaseId: outcome.result.purchaseId })
    } else if (failureNeedsReload(outcome.failure)) dropAttempt(shareableId, attempt.itemId)
  }
  return resumed
}
