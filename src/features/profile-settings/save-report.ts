// Owns what one Save of the settings page says: the profile part (saved on this device) and the password part (sent to
// the server) in one toast, so a refused password never stands beside a green 'Saved'.
import { ApiError, failureMessage } from '../../api/client.ts'
import { MESSAGES } from '../../contract/auth.ts'
import type { PasswordValues } from './password-change.ts'

/** What became of the password part of a Save. */
export type PasswordResult = { kind: 'skip' } | { kind: 'changed' } | { kind: 'not-changed'; reason: string; field?: keyof PasswordValues }

export type SaveToast = { color: 'green' | 'yellow' | 'red'; title: string; message: string }

const SAVED = 'Your profile settings are saved.'

/** Why the password was not changed, and the field it is about when the server's answer names one. */
export function passwordFailure(error: unknown): Extract<PasswordResult, { kind: 'not-changed' }> {
  const reason = failureMessage(error, 'Failed to change password')
  const wrongCurrent = error instanceof ApiError && error.status === 400 && error.message === MESSAGES.currentPasswordWrong
  return wrongCurrent ? { kind: 'not-changed', reason, field: 'currentPassword' } : { kind: 'not-changed', reason }
}

/** The one toast of a Save whose profile part was saved; `unsaved` is what a hidden type's draft left out. */
export function saveToast(unsaved: string | null | undefined, password: PasswordResult): SaveToast {
  const saved = unsaved ? `${SAVED} ${unsaved}` : SAVED
  if (password.kind === 'changed') return { color: unsaved ? 'yellow' : 'green', title: 'Password updated', message: `${saved} Your password has been changed.` }
  if (password.kind === 'not-changed') {
    const reason = /[.!?]$/.test(password.reason) ? password.reason : `${password.reason}.`
    return { color: 'red', title: 'Password change failed', message: `${reason} Your password is not changed. ${saved}` }
  }
  return { color: unsaved ? 'yellow' : 'green', title: 'Saved', message: saved }
}
