// Tests what a refused sign-in says and whether its fields are the cause, and which field a refused submit focuses.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { TransientError } from '../../api/http-core.ts'
import { firstInvalidField, loginRefusal } from './login-refusal.ts'

describe('a refused sign-in', () => {
  it.each<[string, unknown, ReturnType<typeof loginRefusal>]>([
    ['wrong email or password', new ApiError('Invalid email or password.', 401), { message: 'Invalid email or password.', fieldsWrong: true }],
    ['rate limit', new ApiError('Too many attempts. Please try again in 15 minutes.', 429), { message: 'Too many attempts. Please try again in 15 minutes.', fieldsWrong: false }],
    ['no connection', new TransientError('No connection'), { message: 'No connection', fieldsWrong: false }],
    ['anything else', new Error('boom'), { message: 'Invalid email or password.', fieldsWrong: false }],
  ])('%s', (_name, error, expected) => {
    expect(loginRefusal(error)).toEqual(expected)
  })
})

describe('the field a refused submit focuses', () => {
  const order = ['email', 'password'] as const
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['only the password is empty', { password: 'Password is required.' }, 'password'],
    ['both are wrong: the first', { password: 'Password is required.', email: 'Please enter a valid email address.' }, 'email'],
    ['nothing is wrong', {}, undefined],
  ])('%s', (_name, errors, expected) => {
    expect(firstInvalidField(order, errors)).toBe(expected)
  })
})
