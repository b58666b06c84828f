// Owns where an error of the 'Email and sign-in' panel is said: on the New email field, on the confirmation's password
// field, or (no field is the cause: no answer, the rate limit, Google) under the panel's buttons.
import * as v from 'valibot'
import { ApiError } from '../../api/client.ts'
import { EmailSchema, MESSAGES } from '../../contract/auth.ts'

export type ErrorPlace = 'email' | 'password' | 'panel'

/** The new email's own check before it is sent: the contract's message, or null when it may go. */
export function newEmailError(email: string): string | null {
  return v.safeParse(EmailSchema, email).success ? null : MESSAGES.email
}

/**
 * `confirming`: the refused call carried the current password; `aboutEmail`: it was the email change, whose refusals
 * (invalid, unchanged, taken) are about the address typed.
 */
export function errorPlace(error: unknown, { confirming, aboutEmail }: { confirming: boolean; aboutEmail: boolean }): ErrorPlace {
  if (!(error instanceof ApiError)) return 'panel'
  if (confirming && error.status === 400 && error.message === MESSAGES.currentPasswordWrong) return 'password'
  if (aboutEmail && (error.status === 400 || error.status === 409)) return 'email'
  return 'panel'
}
