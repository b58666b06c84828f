// Tests where the 'Email and sign-in' panel says each refusal, and the new email's own check.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { TransientError } from '../../api/http-core.ts'
import { CONFLICT_MESSAGES, MESSAGES } from '../../contract/auth.ts'
import { errorPlace, type ErrorPlace, newEmailError } from './sign-in-errors.ts'

const wrongPassword = new ApiError(MESSAGES.currentPasswordWrong, 400)

describe('where a refusal is said', () => {
  it.each<[string, unknown, { confirming: boolean; aboutEmail: boolean }, ErrorPlace]>([
    ['wrong password while confirming the email change', wrongPassword, { confirming: true, aboutEmail: true }, 'password'],
    ['wrong password while confirming Disconnect Google', wrongPassword, { confirming: true, aboutEmail: false }, 'password'],
    ['invalid email from the server', new ApiError(MESSAGES.email, 400), { confirming: false, aboutEmail: true }, 'email'],
    ['email taken', new ApiError(CONFLICT_MESSAGES.email, 409), { confirming: true, aboutEmail: true }, 'email'],
    ['rate limit', new ApiError('Too many attempts. Please try again in 15 minutes.', 429), { confirming: true, aboutEmail: true }, 'panel'],
    ['no answer', new TransientError('No connection'), { confirming: false, aboutEmail: true }, 'panel'],
    ['Disconnect Google refused', new ApiError('Google is not connected to this account.', 400), { confirming: false, aboutEmail: false }, 'panel'],
  ])('%s: %s', (_name, error, context, expected) => {
    expect(errorPlace(error, context)).toBe(expected)
  })
})

describe('the new email before it is sent', () => {
  it.each([
    ['not-an-email', MESSAGES.email],
    ['someone@example', MESSAGES.email],
    [' someone@example.com ', null],
  ])('%s', (email, expected) => {
    expect(newEmailError(email)).toBe(expected)
  })
})
