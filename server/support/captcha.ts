// Owns the server half of the Turnstile captcha: one siteverify call (secret, response, remote address), bounded in
// time, and its answer turned into accepted, refused with a message for the visitor, or "could not check".
import * as v from 'valibot'

/** Cloudflare answers in well under a second; a slow check must not hold the visitor's form longer than this. */
export const DEFAULT_VERIFY_TIMEOUT_MS = 5000

export const CAPTCHA_REFUSALS = {
  invalid: 'The captcha answer was not accepted. Please complete the captcha again.',
  expiredOrUsed: 'The captcha answer has expired or was already used. Please complete the captcha again.',
  otherSite: 'The captcha answer was issued for another site. Please complete the captcha again.',
  otherForm: 'The captcha answer was issued for another form. Please complete the captcha again.',
} as const

export type CaptchaCheck =
  | { outcome: 'passed' }
  | { outcome: 'refused'; message: string }
  /** The endpoint was down, slow, or refused our own secret: nothing is known about the visitor's token. */
  | { outcome: 'unavailable'; reason: string }

const SiteverifyAnswerSchema = v.object({
  success: v.boolean(),
  hostname: v.optional(v.nullable(v.string())),
  action: v.optional(v.nullable(v.string())),
  'error-codes': v.optional(v.array(v.string()), []),
})

export type CaptchaRequest = {
  verifyUrl: string
  secret: string
  token: string
  remoteIp: string
  /** The host of PUBLIC_URL: a token solved on another site, or one whose answer names no site, is refused. */
  expectedHostname: string
  /** The form's widget action: a token solved on another form (or a widget without one) is refused. */
  expectedAction: string
  timeoutMs?: number
}

/** Codes that say our request or Cloudflare is at fault, not the visitor's answer. */
const SERVER_SIDE_CODES = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request', 'internal-error'])

export async function verifyCaptcha(request: CaptchaRequest, fetchImpl: typeof fetch = fetch): Promise<CaptchaCheck> {
  const form = new URLSearchParams({ secret: request.secret, response: request.token })
  // 'local' (an in-process request) is no address Cloudflare could compare with.
  if (request.remoteIp && request.remoteIp !== 'local') form.set('remoteip', request.remoteIp)
  let answer: v.InferOutput<typeof SiteverifyAnswerSchema>
  try {
    const response = await fetchImpl(request.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS),
    })
    if (!response.ok) return { outcome: 'unavailable', reason: `siteverify answered ${response.status}` }
    const parsed = v.safeParse(SiteverifyAnswerSchema, await response.json())
    if (!parsed.success) return { outcome: 'unavailable', reason: 'siteverify answered an unknown shape' }
    answer = parsed.output
  } catch (err) {
    return { outcome: 'unavailable', reason: err instanceof Error && err.name === 'TimeoutError' ? 'siteverify timed out' : 'siteverify unreachable' }
  }
  const codes = answer['error-codes']
  if (answer.success) {
    // A success that names no hostname vouches for no site of ours: refused like one naming another site.
    if (!answer.hostname || answer.hostname.toLowerCase() !== request.expectedHostname.toLowerCase()) {
      return { outcome: 'refused', message: CAPTCHA_REFUSALS.otherSite }
    }
    if (answer.action !== request.expectedAction) return { outcome: 'refused', message: CAPTCHA_REFUSALS.otherForm }
    return { outcome: 'passed' }
  }
  if (codes.includes('timeout-or-duplicate')) return { outcome: 'refused', message: CAPTCHA_REFUSALS.expiredOrUsed }
  if (codes.some((code) => SERVER_SIDE_CODES.has(code))) return { outcome: 'unavailable', reason: `siteverify: ${codes.join(', ')}` }
  return { outcome: 'refused', message: CAPTCHA_REFUSALS.invalid }
}
