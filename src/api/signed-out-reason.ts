// Owns why this device was signed out when the server said why (issue 24): the owner did it from another device, or
// the account is gone. Kept in localStorage by the call that learnt it until the next sign-in, so every tab of the
// device can say it, and said once per tab by the login page. In a worker (no storage) it is simply not kept: the
// worker hands it to its page.
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'

/** What the server said ended the session, when it said more than "sign in again". */
export type SessionEndReason = 'signed-out-by-owner' | 'account-gone'

const WORDS: Record<SessionEndReason, string> = {
  'signed-out-by-owner': SIGNED_OUT_BY_OWNER,
  'account-gone': ACCOUNT_MESSAGES.gone,
}

/** localStorage: `{ at, reason }`, when and why the session ended; kept until the next sign-in. */
const SHARED_KEY = 'qrtee:signed-out-reason'
/** sessionStorage: the `at` of the reason this tab has already shown, so a reload of /login does not say it again. */
const SEEN_KEY = 'qrtee:signed-out-reason-seen'

type StoredReason = { at: number; reason: SessionEndReason }

/** A reason that crossed a boundary (the worker's bridge, storage): only a known one counts. */
export function sessionEndReasonOf(value: unknown): SessionEndReason | undefined {
  return typeof value === 'string' && Object.hasOwn(WORDS, value) ? (value as SessionEndReason) : undefined
}

/** The server ended this device's session and said why. */
export function rememberSessionEnd(reason: SessionEndReason, now = Date.now()): void {
  try {
    globalThis.localStorage?.setItem(SHARED_KEY, JSON.stringify({ at: now, reason } satisfies StoredReason))
  } catch {
    // Storage refused: the login page just shows no reason.
  }
}

/** The words for it, the first time this tab asks after it was learnt (by this tab or another); else null. */
export function takeSignedOutReason(): string | null {
  try {
    const stored = parsed(globalThis.localStorage?.getItem(SHARED_KEY) ?? null)
    if (!stored) return null
    const seen = String(stored.at)
    if (globalThis.sessionStorage?.getItem(SEEN_KEY) === seen) return null
    globalThis.sessionStorage?.setItem(SEEN_KEY, seen)
    return WORDS[stored.reason]
  } catch {
    return null
  }
}

/** A new session: what ended the previous one is no longer news. */
export function forgetSignedOutReason(): void {
  try {
    globalThis.localStorage?.removeItem(SHARED_KEY)
  } catch {
    // Nothing kept, nothing to forget.
  }
}

// Only a time and a known reason are stored: the words are always the page's own, whatever else the storage holds.
// A record without a reason was written before there were two: the owner's sign-out.
function parsed(text: string | null): StoredReason | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<Record<keyof StoredReason, unknown>> | null
    if (typeof value?.at !== 'number') return null
    const reason = value.reason === undefined ? 'signed-out-by-owner' : sessionEndReasonOf(value.reason)
    return reason ? { at: value.at, reason } : null
  } catch {
    return null
  }
}
