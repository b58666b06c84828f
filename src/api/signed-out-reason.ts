// Owns why this device was signed out when the owner did it from another device (issue 24): kept in sessionStorage by
// the refresh that learnt it, read once by the login page. In a worker (no storage) it is simply not kept.
const KEY = 'qrtee:signed-out-reason'

export function rememberSignedOutReason(message: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, message)
  } catch {
    // Storage refused: the login page just shows no reason.
  }
}

export function takeSignedOutReason(): string | null {
  try {
    const value = globalThis.sessionStorage?.getItem(KEY) ?? null
    globalThis.sessionStorage?.removeItem(KEY)
    return value
  } catch {
    return null
  }
}
