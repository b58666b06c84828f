// Tests PUT /api/users/me against a stubbed fetch and localStorage: the body sent and the token pair kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { readTokens, storeTokens } from '../../api/tokens.ts'
import { MESSAGES } from '../../contract/auth.ts'
import { changePassword, checkSetPassword, setFirstPassword } from './password-change.ts'

let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  })
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  storeTokens({ token: 'old-access', refreshToken: 'old-refresh' })
})

afterEach(() => vi.unstubAllGlobals())

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('password change (online only)', () => {
  it('sends {currentPassword, newPassword} and stores the returned {token, refreshToken}', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { token: 'new-access', refreshToken: 'new-refresh' }))
    await changePassword({ currentPassword: 'old-secret', newPassword: 'new-secret' })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/users/me')
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ currentPassword: 'old-secret', newPassword: 'new-secret' }) })
    expect(readTokens()).toEqual({ token: 'new-access', refreshToken: 'new-refresh' })
  })

  it("a refusal carries the server's message and keeps the old tokens", async () => {
    fetchMock.mockResolvedValueOnce(reply(400, { message: 'Current password is incorrect' }))
    const failure = changePassword({ currentPassword: 'wrong', newPassword: 'new-secret' })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toThrow('Current password is incorrect')
    expect(readTokens()).toEqual({ token: 'old-access', refreshToken: 'old-refresh' })
  })
})

describe("'Set a password' for an account made by Google sign-in", () => {
  it.each([
    ['too short', { newPassword: 'abc', confirmPassword: 'abc' }, { kind: 'invalid', field: 'newPassword', message: MESSAGES.newPassword }],
    ['not confirmed', { newPassword: 'abcdef', confirmPassword: 'abcdeg' }, { kind: 'invalid', field: 'confirmPassword', message: MESSAGES.newPasswordMismatch }],
    ['valid, with no current password asked', { newPassword: 'abcdef', confirmPassword: 'abcdef' }, { kind: 'set', newPassword: 'abcdef' }],
  ])('%s', (_, values, expected) => {
    expect(checkSetPassword(values)).toEqual(expected)
  })

  it('sends only {newPassword} to PUT /api/users/me/password and keeps the returned pair', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { token: 'set-access', refreshToken: 'set-refresh' }))
    await setFirstPassword('my first password')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/users/me/password')
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ newPassword: 'my first password' }) })
    expect(readTokens()).toEqual({ token: 'set-access', refreshToken: 'set-refresh' })
  })
})
