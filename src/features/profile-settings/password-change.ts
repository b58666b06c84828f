// Owns the password change (spec sections 5 and 7): when it applies, its messages, and PUT /api/users/me; and, for an
// account made by Google sign-in, 'Set a password' (PUT /api/users/me/password, no current password to ask for).
import { apiCall } from '../../api/client.ts'
import { storeTokens } from '../../api/tokens.ts'
import { AuthResponseSchema, MESSAGES } from '../../contract/auth.ts'
import { LIMITS } from '../../contract/limits.ts'
import { type SignInMethods, SignInMethodsSchema } from '../../contract/sign-in-methods.ts'

export type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string }

export const EMPTY_PASSWORD_VALUES: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

export const OFFLINE_PASSWORD_MESSAGE = 'You are offline. Connect to the internet to change your password.'

export type PasswordCheck =
  | { kind: 'skip' }
  | { kind: 'invalid'; field: keyof PasswordValues; message: string }
  | { kind: 'change'; body: { currentPassword: string; newPassword: string } }

/** Spec 5: 'applies only if a new password is entered', then length, match, and the current password, in that order. */
export function checkPasswordChange(values: PasswordValues): PasswordCheck {
  if (values.newPassword === '') return { kind: 'skip' }
  if (values.newPassword.length < LIMITS.passwordChangeMin) return { kind: 'invalid', field: 'newPassword', message: MESSAGES.newPassword }
  if (values.newPassword.length > LIMITS.passwordMax) return { kind: 'invalid', field: 'newPassword', message: MESSAGES.passwordMax }
  if (values.newPassword !== values.confirmPassword) return { kind: 'invalid', field: 'confirmPassword', message: MESSAGES.newPasswordMismatch }
  if (values.currentPassword === '') return { kind: 'invalid', field: 'currentPassword', message: MESSAGES.currentPasswordRequired }
  return { kind: 'change', body: { currentPassword: values.currentPassword, newPassword: values.newPassword } }
}

/**
 * Changes the password online. The server ends every session, this one included, and answers with a fresh pair,
 * which is stored so this device stays signed in.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  const tokens = await apiCall(AuthResponseSchema, '/users/me', { method: 'PUT', body })
  storeTokens(tokens)
}

/** Whether this owner has a password at all (a Google-only account has none until it sets one). */
export function fetchSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return apiCall(SignInMethodsSchema, '/users/me/sign-in-methods', { signal })
}

export type NewPasswordValues = { newPassword: string; confirmPassword: string }

/** 'Set a password': the change's rules without the current password. */
export function checkSetPassword(values: NewPasswordValues): { kind: 'invalid'; field: keyof NewPasswordValues; message: string } | { kind: 'set'; newPassword: string } {
  if (values.newPassword.length < LIMITS.passwordChangeMin) return { kind: 'invalid', field: 'newPassword', message: MESSAGES.newPassword }
  if (values.newPassword.length > LIMITS.passwordMax) return { kind: 'invalid', field: 'newPassword', message: MESSAGES.passwordMax }
  if (values.newPassword !== values.confirmPassword) return { kind: 'invalid', field: 'confirmPassword', message: MESSAGES.newPasswordMismatch }
  return { kind: 'set', newPassword: values.newPassword }
}

/** Sets the first password; like a change, the server ends every other session and answers this device's new pair. */
export async function setFirstPassword(newPassword: string): Promise<void> {
  const tokens = await apiCall(AuthResponseSchema, '/users/me/password', { method: 'PUT', body: { newPassword } })
  storeTokens(tokens)
}
