// Tests what one Save of the settings page says about its two parts, and which field a refused password is put on.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { TransientError } from '../../api/http-core.ts'
import { MESSAGES } from '../../contract/auth.ts'
import { OFFLINE_PASSWORD_MESSAGE } from './password-change.ts'
import { passwordFailure, type PasswordResult, saveToast } from './save-report.ts'

const UNSAVED = 'Not saved: the Redirect URL, which is not valid. Choose that type again to fix it.'

describe('the one toast of a Save', () => {
  it.each<[string, string | null, PasswordResult, ReturnType<typeof saveToast>]>([
    ['no password typed', null, { kind: 'skip' }, { color: 'green', title: 'Saved', message: 'Your profile settings are saved.' }],
    ['no password, a draft left out', UNSAVED, { kind: 'skip' }, { color: 'yellow', title: 'Saved', message: `Your profile settings are saved. ${UNSAVED}` }],
    ['password changed', null, { kind: 'changed' }, { color: 'green', title: 'Password updated', message: 'Your profile settings are saved. Your password has been changed.' }],
    [
      'wrong current password',
      null,
      { kind: 'not-changed', reason: 'Current password is incorrect', field: 'currentPassword' },
      { color: 'red', title: 'Password change failed', message: 'Current password is incorrect. Your password is not changed. Your profile settings are saved.' },
    ],
    [
      'offline',
      null,
      { kind: 'not-changed', reason: OFFLINE_PASSWORD_MESSAGE },
      { color: 'red', title: 'Password change failed', message: `${OFFLINE_PASSWORD_MESSAGE} Your password is not changed. Your profile settings are saved.` },
    ],
  ])('%s', (_name, unsaved, password, expected) => {
    expect(saveToast(unsaved, password)).toEqual(expected)
  })

  it("never says 'Saved' as its title when the password part failed", () => {
    expect(saveToast(null, { kind: 'not-changed', reason: 'Bad gateway' }).title).not.toBe('Saved')
  })
})

describe('a refused password change', () => {
  it.each<[string, unknown, ReturnType<typeof passwordFailure>]>([
    ['wrong current password: on its field', new ApiError(MESSAGES.currentPasswordWrong, 400), { kind: 'not-changed', reason: 'Current password is incorrect', field: 'currentPassword' }],
    ['rate limit: no field', new ApiError('Too many attempts. Please try again in 15 minutes.', 429), { kind: 'not-changed', reason: 'Too many attempts. Please try again in 15 minutes.' }],
    ['502: no field', new TransientError('The server is not answering right now. Please try again.'), { kind: 'not-changed', reason: 'The server is not answering right now. Please try again.' }],
    ['no connection: the fallback', new TypeError('Failed to fetch'), { kind: 'not-changed', reason: 'Failed to change password' }],
  ])('%s', (_name, error, expected) => {
    expect(passwordFailure(error)).toEqual(expected)
  })
})
