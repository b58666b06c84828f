// Tests the API client against stubbed fetch and localStorage: bodies, error texts, and the refresh-once rule.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, failureMessage, mayTryAgain, refreshTokensOnce } from './client.ts'
import { TransientError } from './http-core.ts'
import { LOGOUT_EVENT, readTokens, storeTokens } from './tokens.ts'

type Reply = { status: number; body?: string; type?: string }

function response({ status, body = '', type = 'application/json' }: Reply): Response {
  const nullBody = [204, 205, 304].includes(status)
  return new Response(nullBody ? null : body, { status, headers: body ? { 'Content-Type': type } : {} })
}

const json = (status: number, value: unknown): Reply => ({ status, body: JSON.stringify(value) })

let fetchMock: ReturnType<typeof vi.fn>
let logouts: number

/** Answers each fetch with the next reply; `/api/auth/refresh` answers come from their own queue. */
function serve(replies: Reply[], refreshReplies: Reply[] = []) {
  fetchMock.mockImplementation(async (url: string) => {
    const next = url === '/api/auth/refresh' ? refreshReplies.shift() : replies.shift()
    if (!next) throw new TypeError('Failed to fetch')
    return response(next)
  })
}

function authHeaderOf(call: number): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined
  return (init?.headers as Record<string, string> | undefined)?.Authorization
}

beforeEach(() => {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  })
  const events = new EventTarget()
  vi.stubGlobal('window', events)
  logouts = 0
  events.addEventListener(LOGOUT_EVENT, () => logouts++)
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal('navigator', {})
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest answers', () => {
  it.each([
    ['JSON body', json(200, { a: 1 }), { a: 1 }],
    ['204 as undefined', { status: 204 }, undefined],
    ['205 as undefined', { status: 205 }, undefined],
    ['an empty 200 as undefined', { status: 200 }, undefined],
    ['non-JSON as text', { status: 200, body: 'plain words', type: 'text/plain' }, 'plain words'],
  ])('returns %s', async (_name, reply, expected) => {
    serve([reply])
    await expect(apiRequest('/x', { auth: false })).resolves.toEqual(expected)
  })

  it.each([
    ['the server message', json(409, { message: 'Email already registered' }), 'Email already registered'],
    ['a fallback for JSON without message', json(404, { error: 'x' }), 'Request failed with status 404'],
    ['a fallback for a text body', { status: 404, body: 'Not here', type: 'text/plain' }, 'Request failed with status 404'],
    ["a proxy's HTML 502, in words", { status: 502, body: '<html><h1>Bad Gateway</h1></html>', type: 'text/html' }, 'The server is having trouble right now'],
    ["a gateway's empty 504, in words", { status: 504 }, 'The server is having trouble right now'],
    ['a text 500, in words', { status: 500, body: 'oops', type: 'text/plain' }, 'The server is having trouble right now'],
  ])('fails with %s', async (_name, reply, message) => {
    serve([reply])
    const error = await apiRequest('/x').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message, status: reply.status })
  })
})

describe('apiRequest sends', () => {
  it('a JSON body and the bearer token of localStorage "token"', async () => {
    storeTokens({ token: 'access-1', refreshToken: 'refresh-1' })
    serve([json(200, {})])
    await apiRequest('/profiles', { method: 'PUT', body: { description: 'hi' } })
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/profiles')
    expect(init.method).toBe('PUT')
    expect(init.body).toBe('{"description":"hi"}')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer access-1' })
  })

  it('no token on public calls', async () => {
    storeTokens({ token: 'access-1', refreshToken: 'refresh-1' })
    serve([json(200, {})])
    await apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })
    expect(authHeaderOf(0)).toBeUndefined()
  })
})

describe('a 401 on an authenticated call', () => {
  it('refreshes once, stores the new pair and retries with the new token', async () => {
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    serve([{ status: 401 }, json(200, { ok: true })], [json(200, { token: 'access-2', refreshToken: 'refresh-2' })])
    await expect(apiRequest('/profiles')).resolves.toEqual({ ok: true })
    expect(readTokens()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' })
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ body: '{"refreshToken":"refresh-1"}' })
    expect(authHeaderOf(2)).toBe('Bearer access-2')
    expect(logouts).toBe(0)
  })

  it.each([
    ['no stored refresh token', null, [] as Reply[], [] as Reply[], 'No refresh token'],
    ['the refresh is refused', 'refresh-1', [json(401, { message: 'Invalid refresh token' })], [], 'Invalid refresh token'],
    ['the retry gets 401 after two refreshes', 'refresh-1', [json(200, { token: 'a2', refreshToken: 'r2' }), json(200, { token: 'a3', refreshToken: 'r3' })], [{ status: 401 }, { status: 401 }], 'Request failed with status 401'],
    ['the retry gets 403', 'refresh-1', [json(200, { token: 'a2', refreshToken: 'r2' })], [json(403, { message: 'Forbidden' })], 'Forbidden'],
  ])('clears both tokens and fires the logout event when %s', async (_name, refreshToken, refreshReplies, retryReplies, message) => {
    localStorage.setItem('token', 'expired')
    if (refreshToken) localStorage.setItem('refreshToken', refreshToken)
    serve([{ status: 401 }, ...retryReplies], refreshReplies)
    await expect(apiRequest('/profiles')).rejects.toThrow(message)
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
    expect(logouts).toBe(1)
  })

  it('keeps the session when the refresh fails for lack of network, after resending it within the grace window', async () => {
    vi.useFakeTimers()
    try {
      storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
      serve([{ status: 401 }], [])
      const failure = apiRequest('/profiles').catch((err: unknown) => err)
      await vi.runAllTimersAsync()
      expect(await failure).toMatchObject({ name: 'TransientError', message: 'The server did not answer' })
      // Decision 086: a lost refresh answer is resent with the same token at once (0.25 s, 1 s, 3 s), then given up.
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(4)
      expect(readTokens()).toEqual({ token: 'expired', refreshToken: 'refresh-1' })
      expect(logouts).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it.each([
    ['503', { status: 503 }],
    ['429', json(429, { message: 'Too many requests' })],
  ])('keeps the session when the refresh answers %s', async (_name, reply) => {
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    serve([{ status: 401 }], [reply])
    await expect(apiRequest('/profiles')).rejects.toMatchObject({ name: 'TransientError', status: reply.status })
    expect(readTokens()).toEqual({ token: 'expired', refreshToken: 'refresh-1' })
    expect(logouts).toBe(0)
  })

  it('shares one refresh between concurrent callers', async () => {
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    serve([{ status: 401 }, { status: 401 }, { status: 401 }, json(200, 1), json(200, 2), json(200, 3)], [
      json(200, { token: 'access-2', refreshToken: 'refresh-2' }),
    ])
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')])
    expect(results).toEqual([1, 2, 3])
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1)
  })

  it('uses the token another tab already rotated instead of refreshing again', async () => {
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    fetchMock.mockImplementationOnce(async () => {
      storeTokens({ token: 'from-other-tab', refreshToken: 'refresh-2' })
      return response({ status: 401 })
    })
    fetchMock.mockImplementationOnce(async () => response(json(200, 'ok')))
    await expect(apiRequest('/profiles')).resolves.toBe('ok')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(authHeaderOf(1)).toBe('Bearer from-other-tab')
  })

  it('uses the pair a racing tab stored when its own refresh loses the race with a 401', async () => {
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    fetchMock.mockImplementation(async (url: string) => {
      if (url !== '/api/auth/refresh') return response(fetchMock.mock.calls.length === 1 ? { status: 401 } : json(200, 'ok'))
      storeTokens({ token: 'winner-token', refreshToken: 'refresh-2' })
      return response(json(401, { message: 'Invalid or expired refresh token' }))
    })
    await expect(apiRequest('/profiles')).resolves.toBe('ok')
    expect(authHeaderOf(2)).toBe('Bearer winner-token')
    expect(logouts).toBe(0)
  })

  it('refreshes under a Web Lock when navigator.locks exists', async () => {
    const lockNames: string[] = []
    vi.stubGlobal('navigator', {
      // Like the real API: the callback gets the granted lock.
      locks: { request: (name: string, _options: unknown, run: (lock: unknown) => Promise<unknown>) => (lockNames.push(name), run({ name })) },
    })
    storeTokens({ token: 'expired', refreshToken: 'refresh-1' })
    serve([{ status: 401 }, json(200, 'ok')], [json(200, { token: 'access-2', refreshToken: 'refresh-2' })])
    await apiRequest('/profiles')
    expect(lockNames).toEqual(['qrtee:token-refresh'])
  })
})

describe('refreshTokensOnce', () => {
  it('refreshes when there is a refresh token but no access token', async () => {
    localStorage.setItem('refreshToken', 'refresh-1')
    serve([], [json(200, { token: 'access-2', refreshToken: 'refresh-2' })])
    await expect(refreshTokensOnce()).resolves.toBe('access-2')
  })
})

describe('what a failed call says', () => {
  it('gives every page call a deadline, so a silent server ends in words instead of a spinner', async () => {
    serve([json(200, {})])
    await apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it.each([
    ["the server's message", new ApiError('Invalid email or password.', 401), 'Invalid email or password.'],
    ['no connection, not a wrong password', new TransientError('No connection'), 'No connection'],
    ['no answer', new TransientError('The server did not answer'), 'The server did not answer'],
    ['the fallback for anything else', new TypeError('x is undefined'), 'Something went wrong. Please try again.'],
  ])('%s', (_name, error, words) => {
    expect(failureMessage(error, 'Something went wrong. Please try again.')).toBe(words)
  })
})

describe('whether a failed call may simply go again (a mailed link kept for another try)', () => {
  it.each([
    ['no answer', new TransientError('The server did not answer'), true],
    ['a 502', new ApiError('Request failed with status 502', 502), true],
    ['a 503 with its message', new ApiError('Down for maintenance', 503), true],
    ['a 429', new ApiError('Too many requests', 429), true],
    ['the server refusing the link (400)', new ApiError('This link is not valid any more.', 400), false],
    ['a 404', new ApiError('Not found', 404), false],
  ])('%s: %s', (_name, error, again) => {
    expect(mayTryAgain(error)).toBe(again)
  })
})
