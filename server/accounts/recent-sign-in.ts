// The recent sign-in that sensitive changes need (issue 24): the session's access token was issued by a sign-in (a
// password, a fresh Google sign-in, a reset) at most 5 minutes ago, or the request carries the current password.
import type { Context } from 'hono'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { MESSAGES } from '../../src/contract/auth.ts'
import type { AppEnv } from '../deps.ts'
import { ApiError } from '../http/http.ts'
import { verifyPassword } from './passwords.ts'

export const RECENT_SIGN_IN_MS = 5 * 60_000
/** An auth_time this far in the future is a clock skew at most; further is not believed. */
const SKEW_MS = 60_000

export function isRecentSignIn(authTime: Date | undefined, now: Date): boolean {
  if (!authTime) return false
  const age = now.getTime() - authTime.getTime()
  return age <= RECENT_SIGN_IN_MS && age >= -SKEW_MS
}

export const WRONG_CURRENT_PASSWORD = MESSAGES.currentPasswordWrong

/**
 * Passes when `currentPassword` is the account's password, or, without one, when the session's sign-in is recent.
 * 403 (not 401, which would make clients refresh and sign out) tells the app to ask for the password or a sign-in.
 */
export async function requireRecentSignIn(
  c: Context<AppEnv>,
  now: Date,
  user: { passwordHash: string | null },
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) throw new ApiError(400, WRONG_CURRENT_PASSWORD)
    return
  }
  if (!isRecentSignIn(c.var.authTime, now)) throw new ApiError(403, RECOVERY_MESSAGES.recentSignInRequired)
}
