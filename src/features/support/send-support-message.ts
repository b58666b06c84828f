// Owns POST /api/public/support/contact from the browser, and the spec's failure text: the server's message, else
// the error's, else 'Failed to send message. Please try again.'. A call with no answer, or a proxy's answer that asks
// for later, is said in words, never the browser's 'Failed to fetch' (issue 23).
import * as v from 'valibot'
import { isTransientStatus } from '../../api/http-core.ts'
import { isOnline, laterAnswerWords, networkFailureWords } from '../../lib/network-words.ts'
import { newIdempotencyKey } from '../../lib/random-key.ts'
import { apiPaths } from '../../contract/api-paths.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/names.ts'
import { SUPPORT_MESSAGES, type SupportMessageInput } from '../../contract/support.ts'

const ErrorBodySchema = v.object({ message: v.pipe(v.string(), v.nonEmpty()) })

export async function sendSupportMessage(input: SupportMessageInput): Promise<void> {
  // Made before the call: on a plain-http page crypto.randomUUID is missing, which is no network failure.
  const key = newIdempotencyKey()
  let response: Response
  try {
    response = await fetch(apiPaths.supportContact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(input),
    })
  } catch (failure) {
    throw new Error(networkFailureWords(failure, isOnline()), { cause: failure })
  }
  if (response.ok) return
  const body: unknown = await response.json().catch(() => undefined)
  const parsed = v.safeParse(ErrorBodySchema, body)
  if (parsed.success) throw new Error(parsed.output.message)
  throw new Error(isTransientStatus(response.status) ? laterAnswerWords(response.status) : `Request failed with status ${response.status}`)
}

export function sendFailureText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : SUPPORT_MESSAGES.sendFailed
}
