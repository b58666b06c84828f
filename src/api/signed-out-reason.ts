// Owns why this device was signed out when the owner did it from another device (issue 24): kept in localStorage by
// the refresh that learnt it until the next sign-in, so every tab of the device can say it, and said once per tab by
// the login page. In a worker (no storage) it is simply not kept: the worker hands it to its page.
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'

/** localStorage: `{ at }`, when the owner's other device ended this one's session; kept until the next sign-in. */
const SHARED_KEY = 'qrtee:signed-out-reason'
/** sessionStorage: the `at` of the reason this tab has already shown, so a reload of /login does not say it again. */
const SEEN_KEY = 'qrtee:signed-out-reason-seen'

type StoredReason = { at: number }

/** The server refused this device's refresh because the owner signed it out from another device. */
export function rememberSignedOutByOwner(now = Date.now()): void {
  try {
    globalThis.localStorage?.setItem(SHARED_KEY, JSON.stringify({ at: now } satisfies StoredReason))
  } catch {
    // Storage refused: the login page just shows no reason.
  }
}

/** The words for it, the first time this tab asks after it was learnt (by this tab or another); else null. */
export function takeSignedOutReason(): string | null {
  try {
    const reason = parsed(globalThis.localStorage?.getItem(SHARED_KEY) ?? null)
    if (!reason) return null
    const seen = String(reason.at)
    if (globalThis.sessionStorage?.getItem(SEEN_KEY) === seen) return null
    globalThis.sessionStorage?.setItem(SEEN_KEY, seen)
    return SIGNED_OUT_BY_OWNER
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

// Only a time is stored: the words are always the page's own, whatever else the storage holds.
function parsed(text: string | null): StoredReason | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<StoredReason> | null
    return typeof value?.at === 'number' ? { at: value.at } : null
  } catch {
    return null
  }
}
