// The HTTP core's session rules, table by table: when a 401 is retried, when a session ends, and when it must not.
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { RECOVERY_MESSAGES } from '../contract/account-recovery.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'
import { createMemoryLocks } from './locks.ts'
import { createMemoryTokenStore } from './testing.ts'
import { createHttpCore, messageOf, REFRESH_PATH, type FetchLike } from './http-core.ts'

type Reply = { status: number; body?: unknown } | 'no answer'

const ROTATED = { token: 'access-2', refreshToken: 'refresh-2' }
const ROTATED_AGAIN = { token: 'access-3', refreshToken: 'refresh-3' }

/** Answers the call and the refresh from their own queues, and logs what was sent with which token. */
function fakeServer(calls: Reply[], refreshes: Reply[]) {
  const log: { path: string; auth: string | undefined }[] = []
  const fetch: FetchLike = async (input, init) => {
    const path = new URL(input).pathname
    log.push({ path, auth: (init.headers as Record<string, string>).Authorization })
    const reply = (path === REFRESH_PATH ? refreshes : calls).shift() ?? 'no answer'
    // Lets concurrent callers reach the core before any answer arrives.
    await new Promise((resolve) => setTimeout(resolve, 1))
    if (reply === 'no answer') throw new TypeError('Failed to fetch')
    return Response.json(reply.body ?? {}, { status: reply.status })
  }
  return { fetch, log, refreshCount: () => log.filter((entry) => entry.path === REFRESH_PATH).length }
}

function coreFor(server: ReturnType<typeof fakeServer>, store = createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' })) {
  const core = createHttpCore({ fetch: server.fetch, baseUrl: 'http://localhost', tokens: store, locks: createMemoryLocks(), refreshRetryDelaysMs: [0, 0, 0] })
  return { core, store }
}

const refused = (status: number, message: string): Reply => ({ status, body: { message } })

describe('session rules of the HTTP core', () => {
  const CASES: {
    name: string
    calls: Reply[]
    refreshes: Reply[]
    result: { status: number } | { error: string; status?: number | null }
    ended: boolean
    tokens: 'kept' | 'rotated' | 'rotated again' | 'cleared'
  }[] = [
    { name: 'a 401, then a refresh that works: retried with the new token', calls: [{ status: 401 }, { status: 200 }], refreshes: [{ status: 200, body: ROTATED }], result: { status: 200 }, ended: false, tokens: 'rotated' },
    { name: 'a refresh whose answer was lost once: resent, then retried', calls: [{ status: 401 }, { status: 200 }], refreshes: ['no answer', { status: 200, body: ROTATED }], result: { status: 200 }, ended: false, tokens: 'rotated' },
    { name: 'a refresh refused with 401: session ended', calls: [{ status: 401 }], refreshes: [refused(401, 'Invalid refresh token')], result: { error: 'SessionEndedError', status: 401 }, ended: true, tokens: 'cleared' },
    { name: 'a refresh refused with 403: session ended', calls: [{ status: 401 }], refreshes: [refused(403, 'Forbidden')], result: { error: 'SessionEndedError', status: 403 }, ended: true, tokens: 'cleared' },
    { name: 'a refresh refused with 400: session ended', calls: [{ status: 401 }], refreshes: [refused(400, 'Invalid input')], result: { error: 'SessionEndedError', status: 400 }, ended: true, tokens: 'cleared' },
    { name: 'a refresh answered 503: not ended, error surfaced', calls: [{ status: 401 }], refreshes: [{ status: 503 }], result: { error: 'TransientError', status: 503 }, ended: false, tokens: 'kept' },
    { name: 'a refresh answered 429: not ended, error surfaced', calls: [{ status: 401 }], refreshes: [{ status: 429 }], result: { error: 'TransientError', status: 429 }, ended: false, tokens: 'kept' },
    { name: 'a refresh that never gets an answer: not ended, error surfaced', calls: [{ status: 401 }], refreshes: [], result: { error: 'TransientError', status: null }, ended: false, tokens: 'kept' },
    { name: 'a refresh with an unreadable success: not ended, error surfaced', calls: [{ status: 401 }], refreshes: [{ status: 200, body: { token: 1 } }], result: { error: 'ApiError', status: 200 }, ended: false, tokens: 'kept' },
    { name: 'a retry answered 401, refreshed again and answered 401 again: session ended (spec 4)', calls: [{ status: 401 }, { status: 401 }, { status: 401 }], refreshes: [{ status: 200, body: ROTATED }, { status: 200, body: ROTATED_AGAIN }], result: { error: 'SessionEndedError', status: 401 }, ended: true, tokens: 'cleared' },
    { name: 'a retry answered 401, and the second refresh refused: session ended', calls: [{ status: 401 }, { status: 401 }], refreshes: [{ status: 200, body: ROTATED }, refused(401, 'Invalid refresh token')], result: { error: 'SessionEndedError', status: 401 }, ended: true, tokens: 'cleared' },
    // The pair expired before the retry left (the phone slept between them): the refresh endpoint decides (decision 155).
    { name: 'a retry answered 401, then a second refresh that works: retried again, the session stays', calls: [{ status: 401 }, { status: 401 }, { status: 200 }], refreshes: [{ status: 200, body: ROTATED }, { status: 200, body: ROTATED_AGAIN }], result: { status: 200 }, ended: false, tokens: 'rotated again' },
    { name: 'a retry answered 403: session ended (spec 4)', calls: [{ status: 401 }, refused(403, 'Forbidden')], refreshes: [{ status: 200, body: ROTATED }], result: { error: 'SessionEndedError', status: 403 }, ended: true, tokens: 'cleared' },
    { name: 'a retry answered 403 for want of a recent sign-in: the change is refused, the session stays (issue 24)', calls: [{ status: 401 }, refused(403, RECOVERY_MESSAGES.recentSignInRequired)], refreshes: [{ status: 200, body: ROTATED }], result: { status: 403 }, ended: false, tokens: 'rotated' },
    { name: 'a first 403: an ordinary answer, no refresh', calls: [refused(403, 'Forbidden')], refreshes: [], result: { status: 403 }, ended: false, tokens: 'kept' },
    { name: 'a first 500: an ordinary answer, no refresh', calls: [{ status: 500 }], refreshes: [], result: { status: 500 }, ended: false, tokens: 'kept' },
    { name: 'the call itself gets no answer: not ended', calls: ['no answer'], refreshes: [], result: { error: 'TransientError', status: null }, ended: false, tokens: 'kept' },
    // A deletion whose answer was lost, retried: the account is gone, and no refresh token of it is spent.
    { name: 'a 401 saying the account was deleted: ended at once, no refresh', calls: [refused(401, ACCOUNT_MESSAGES.gone)], refreshes: [{ status: 200, body: ROTATED }], result: { error: 'SessionEndedError', status: 401 }, ended: true, tokens: 'cleared' },
  ]

  it.each(CASES)('$name', async ({ calls, refreshes, result, ended, tokens }) => {
    const server = fakeServer(calls, refreshes)
    const { core, store } = coreFor(server)
    const outcome = await core.send({ method: 'GET', path: '/api/x' }).then(
      (res) => ({ status: res.status }),
      (error: { name: string; status?: number | null }) => ({ error: error.name, status: error.status }),
    )
    expect(outcome).toEqual(result)
    expect(store.signOuts).toBe(ended ? 1 : 0)
    expect(store.current).toEqual({ kept: { token: 'access-1', refreshToken: 'refresh-1' }, rotated: ROTATED, 'rotated again': ROTATED_AGAIN, cleared: null }[tokens])
    if ('status' in result && result.status === 200 && calls.length > 1) expect(server.log.at(-1)?.auth).toBe(`Bearer ${store.current?.token}`)
  })

  it.each([
    ['the owner signed this device out from another one: the store is told, so the login page can say it', SIGNED_OUT_BY_OWNER, 1],
    ['any other refusal ends the session without that reason', 'Invalid or expired refresh token', 0],
  ])('%s', async (_name, message, byOwner) => {
    // The same core runs in the sync worker, whose store is the page's bridge: the reason must travel with end().
    const { core, store } = coreFor(fakeServer([{ status: 401 }], [refused(401, message)]))
    await expect(core.send({ method: 'POST', path: '/api/sync/push' })).rejects.toMatchObject({ name: 'SessionEndedError', message })
    expect([store.signOuts, store.signedOutByOwner, store.accountGone]).toEqual([1, byOwner, 0])
  })

  it("a 401 saying the account is gone tells the store so: the page wipes the device's data and /login says it", async () => {
    // The sync worker meets it first when the account was deleted on another device: the reason travels with end().
    const { core, store } = coreFor(fakeServer([refused(401, ACCOUNT_MESSAGES.gone)], []))
    await expect(core.send({ method: 'POST', path: '/api/sync/push' })).rejects.toMatchObject({ name: 'SessionEndedError', message: ACCOUNT_MESSAGES.gone })
    expect([store.signOuts, store.signedOutByOwner, store.accountGone]).toEqual([1, 0, 1])
  })

  it('no stored refresh token: the session ends with "No refresh token"', async () => {
    const { core, store } = coreFor(fakeServer([{ status: 401 }], []), createMemoryTokenStore({ token: 'access-1', refreshToken: '' }))
    await expect(core.send({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({ name: 'SessionEndedError', message: 'No refresh token' })
    expect(store.signOuts).toBe(1)
  })

  it('two concurrent 401s share one refresh, and both are retried with its token', async () => {
    const server = fakeServer([{ status: 401 }, { status: 401 }, { status: 200 }, { status: 200 }], [{ status: 200, body: ROTATED }])
    const { core } = coreFor(server)
    const answers = await Promise.all([core.send({ method: 'GET', path: '/api/a' }), core.send({ method: 'GET', path: '/api/b' })])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(server.refreshCount()).toBe(1)
    expect(server.log.filter((entry) => entry.path !== REFRESH_PATH).map((entry) => entry.auth)).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-2',
      'Bearer access-2',
    ])
  })

  it('a page and a worker (two cores, one store, one lock) refresh once between them', async () => {
    const server = fakeServer([{ status: 401 }, { status: 401 }, { status: 200 }, { status: 200 }], [{ status: 200, body: ROTATED }])
    const store = createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' })
    const locks = createMemoryLocks()
    const [page, worker] = [1, 2].map(() => createHttpCore({ fetch: server.fetch, baseUrl: 'http://localhost', tokens: store, locks }))
    const answers = await Promise.all([page!.send({ method: 'GET', path: '/api/a' }), worker!.send({ method: 'GET', path: '/api/b' })])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(server.refreshCount()).toBe(1)
    expect(store.current).toEqual(ROTATED)
  })
})

describe('two tabs refreshing at once (one lock, each its own view of localStorage)', () => {
  it("the tab that waited for the lock uses the pair the other stored, even when its view of storage lags", async () => {
    const server = fakeServer([], [{ status: 200, body: ROTATED }, { status: 200, body: { token: 'access-3', refreshToken: 'refresh-3' } }])
    const locks = createMemoryLocks()
    // Both tabs reload with the refresh token alone (an empty access token reads as none).
    const first = createMemoryTokenStore({ token: '', refreshToken: 'refresh-1' })
    // The second tab's storage learns of the first tab's write 80 ms later, as another renderer may in Chromium.
    const second = createMemoryTokenStore({ token: '', refreshToken: 'refresh-1' })
    const writeFirst = first.write
    first.write = async (pair) => {
      await writeFirst(pair)
      setTimeout(() => void second.write(pair), 80)
    }
    const [a, b] = [first, second].map((tokens) => createHttpCore({ fetch: server.fetch, baseUrl: 'http://localhost', tokens, locks }))
    const tokens = await Promise.all([a!.refreshTokensOnce(null), b!.refreshTokensOnce(null)])
    expect(tokens).toEqual(['access-2', 'access-2'])
    expect(server.refreshCount()).toBe(1)
  })
})

describe('a call that gets no answer', () => {
  // The server took the connection and stays silent: only the abort signal ends the fetch.
  const silent: FetchLike = (_input, init) =>
    new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError'))))

  it("ends after timeoutMs as 'The server did not answer', and the session stays", async () => {
    const store = createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' })
    const core = createHttpCore({ fetch: silent, baseUrl: 'http://localhost', tokens: store, locks: createMemoryLocks(), timeoutMs: 20 })
    await expect(core.send({ method: 'POST', path: '/api/auth/login', json: {}, auth: false })).rejects.toMatchObject({ name: 'TransientError', message: 'The server did not answer' })
    expect(await store.read()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' })
  })
})

describe('messageOf', () => {
  it.each([
    ['the server message', { status: 409, body: { message: 'Email already registered' } }, 'Email already registered'],
    ['a fallback for JSON without message', { status: 404, body: { error: 'x' } }, 'Request failed with status 404'],
    ['a fallback for an empty message', { status: 400, body: { message: '' } }, 'Request failed with status 400'],
    ['a fallback for a text body', { status: 403, body: 'Forbidden' }, 'Request failed with status 403'],
    ['our own 500 says its message', { status: 500, body: { message: 'Internal server error' } }, 'Internal server error'],
    ["a text 500 (not ours): in words", { status: 500, body: 'oops' }, 'The server is having trouble right now'],
    ["a proxy's empty 502: in words", { status: 502, body: undefined }, 'The server is having trouble right now'],
    ["a proxy's 429 without a message: in words", { status: 429, body: '<html>Too Many Requests</html>' }, 'The server is busy right now'],
    ["a gateway's 408 without a message: in words", { status: 408, body: undefined }, 'The server did not answer'],
  ])('gives %s', (_name, response, message) => {
    expect(messageOf(response)).toBe(message)
  })
})
