// The route guard's session check against a stubbed fetch: only a refused refresh ends the session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readTokens, storeTokens } from '../../api/tokens.ts'
import { ensureSession } from './session.ts'

let refreshAnswer: () => Promise<Response>

beforeEach(() => {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  })
  vi.stubGlobal('window', new EventTarget())
  vi.stubGlobal('navigator', {})
  vi.stubGlobal('fetch', vi.fn(() => refreshAnswer()))
  // Only a refresh token: the guard has to refresh before it lets the owner in.
  storeTokens({ token: '', refreshToken: 'refresh-1' })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

describe('ensureSession (the route guard)', () => {
  it.each([
    [503, { message: 'The database is not reachable.' }],
    [500, { message: 'Internal server error' }],
    [429, { message: 'Too many requests' }],
  ])('keeps the session when the refresh answers %i', async (status, body) => {
    refreshAnswer = answer(status, body)
    expect(await ensureSession()).toBe(true)
    expect(readTokens().refreshToken).toBe('refresh-1')
  })

  it('keeps the session when the refresh gets no answer', async () => {
    refreshAnswer = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await ensureSession()).toBe(true)
    expect(readTokens().refreshToken).toBe('refresh-1')
  })

  it.each([400, 401, 403])('ends the session when the refresh is refused with %i', async (status) => {
    refreshAnswer = answer(status, { message: 'Invalid refresh token' })
    expect(await ensureSession()).toBe(false)
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
  })

  it('lets the owner in with the rotated pair', async () => {
    refreshAnswer = answer(200, { token: 'access-2', refreshToken: 'refresh-2' })
    expect(await ensureSession()).toBe(true)
    expect(readTokens()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' })
  })
})
