import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readTokens } from '../../api/tokens.ts'
import {
  beginSignInState,
  type CallbackDecision,
  type CallbackQuery,
  clearSignInFailure,
  consumeOAuthCallback,
  decideOAuthCallback,
  finishOAuthExchange,
  RETURN_TO_KEY,
  SIGN_IN_FAILURE_MESSAGES,
  SIGN_IN_STATE_KEY,
  signInFailure,
  GOOGLE_CONNECTED_TEXT,
  takeSettingsReturn,
} from './oauth-callback.ts'

class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>()
  get length() {
    return this.values.size
  }
  clear() {
    this.values.clear()
  }
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
}

const query = (overrides: Partial<CallbackQuery> = {}): CallbackQuery => ({ code: 'c0de', token: null, refreshToken: null, signInState: 'S1', error: null, ...overrides })
const accept: CallbackDecision = { kind: 'exchange', code: 'c0de' }
const ignore: CallbackDecision = { kind: 'ignore' }

describe('decideOAuthCallback', () => {
  it.each<[string, CallbackQuery, string | null, CallbackDecision]>([
    ['a code answering the sign-in this tab started', query(), 'S1', accept],
    ['a code with nothing started in this tab (a forged link)', query(), null, ignore],
    ['a code without an echoed value', query({ signInState: null }), 'S1', ignore],
    ['a code echoing another value', query({ signInState: 'S2' }), 'S1', ignore],
    ['a code echoing a value that differs only in case', query({ signInState: 's1' }), 'S1', ignore],
    ['a code echoing an empty value against an empty stored one', query({ signInState: '' }), '', ignore],
    ['an empty code with the right value', query({ code: '' }), 'S1', ignore],
    ['tokens in the address, even with the right value (decision 134)', query({ code: null, token: 'a.b.c', refreshToken: 'r' }), 'S1', ignore],
    ['a code beside tokens', query({ token: 'a.b.c' }), 'S1', ignore],
    ['a code beside a provider error, with nothing started', query({ error: 'access_denied' }), null, ignore],
    ['no code and the provider refused', query({ code: null, error: 'access_denied' }), 'S1', { kind: 'failed', error: 'access_denied' }],
    ['no code and no error', query({ code: null }), null, { kind: 'failed', error: null }],
    ['Google connected, for the connection this tab started', query({ code: null, connected: 'google' }), 'S1', { kind: 'connected' }],
    ['Google connected, with nothing started in this tab (a crafted link)', query({ code: null, connected: 'google' }), null, ignore],
    ['Google connected, echoing another value', query({ code: null, connected: 'google', signInState: 'S2' }), 'S1', ignore],
  ])('%s', (_, input, expected, decision) => {
    expect(decideOAuthCallback(input, expected)).toEqual(decision)
  })
})

describe('consumeOAuthCallback', () => {
  let local: MemoryStorage
  let session: MemoryStorage
  const original = globalThis.localStorage

  beforeEach(() => {
    local = new MemoryStorage()
    session = new MemoryStorage()
    Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true })
  })
  afterEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true })
  })

  function arrive(url: string) {
    const parsed = new URL(url, 'https://qr.example')
    const replaced: string[] = []
    const history = { replaceState: (_data: unknown, _unused: string, next: string) => replaced.push(next) } as unknown as History
    const outcome = consumeOAuthCallback({ pathname: parsed.pathname, search: parsed.search } as Location, history, session)
    return { outcome, replaced }
  }

  /** A server that answers the exchange with this pair (or refuses with 400). */
  const exchangeAnswering = (pair: { token: string; refreshToken: string } | null, seen: unknown[] = []) =>
    (async (_url: unknown, init?: RequestInit) => {
      seen.push(JSON.parse(String(init?.body)))
      return new Response(JSON.stringify(pair ?? { message: 'refused' }), { status: pair ? 200 : 400 })
    }) as typeof fetch

  async function arriveAndExchange(url: string, pair: { token: string; refreshToken: string } | null = { token: 't.t.t', refreshToken: 'r' }) {
    const first = arrive(url)
    const replaced = [...first.replaced]
    const history = { replaceState: (_d: unknown, _u: string, next: string) => replaced.push(next) } as unknown as History
    const finished = await finishOAuthExchange(history, exchangeAnswering(pair))
    return { outcome: first.outcome === 'exchanging' ? finished : first.outcome, replaced }
  }

  it('exchanges the code of a started sign-in once and ignores a replay of the same link (single use)', async () => {
    const state = beginSignInState(session)
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(session.getItem(SIGN_IN_STATE_KEY)).toBe(state)
    const link = `/oauth/callback?code=one-time-code&signInState=${state}`

    const seen: unknown[] = []
    const first = arrive(link)
    expect(first).toEqual({ outcome: 'exchanging', replaced: ['/oauth/callback'] })
    const replaced: string[] = []
    const history = { replaceState: (_d: unknown, _u: string, next: string) => replaced.push(next) } as unknown as History
    expect(await finishOAuthExchange(history, exchangeAnswering({ token: 'new.access.token', refreshToken: 'new-refresh' }, seen))).toBe('signed-in')
    expect(seen).toEqual([{ code: 'one-time-code' }])
    expect(replaced).toEqual(['/dashboard'])
    expect(readTokens()).toEqual({ token: 'new.access.token', refreshToken: 'new-refresh' })
    expect(session.getItem(SIGN_IN_STATE_KEY)).toBeNull()

    local.setItem('token', 'mine')
    local.setItem('refreshToken', 'mine-refresh')
    expect(arrive(link)).toEqual({ outcome: 'ignored', replaced: ['/oauth/callback?link=ignored'] })
    expect(readTokens()).toEqual({ token: 'mine', refreshToken: 'mine-refresh' })
  })

  it('leaves the stored session untouched for a forged link and strips the tokens from the address', () => {
    local.setItem('token', 'owner.access.token')
    local.setItem('refreshToken', 'owner-refresh')
    const { outcome, replaced } = arrive('/oauth/callback?token=attacker.access.token&refreshToken=attacker-refresh')
    expect(outcome).toBe('ignored')
    expect(replaced).toEqual(['/oauth/callback?link=ignored'])
    expect(readTokens()).toEqual({ token: 'owner.access.token', refreshToken: 'owner-refresh' })
  })

  it("spends the started value on a callback the provider refused, so a later forged link cannot use it", () => {
    const state = beginSignInState(session)
    expect(arrive('/oauth/callback?error=access_denied')).toEqual({ outcome: 'failed', replaced: ['/login'] })
    expect(arrive(`/oauth/callback?code=c&signInState=${state}`).outcome).toBe('ignored')
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
  })

  it('a refused exchange (replayed code, another browser) goes to /login with the reason and stores nothing', async () => {
    const state = beginSignInState(session)
    expect(await arriveAndExchange(`/oauth/callback?code=c&signInState=${state}`, null)).toEqual({ outcome: 'failed', replaced: ['/oauth/callback', '/login'] })
    expect(signInFailure()).toBe(SIGN_IN_FAILURE_MESSAGES.expired)
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
    clearSignInFailure()
  })

  it('keeps saying "ignored" on a reload of the ignored page, and does nothing elsewhere', () => {
    expect(arrive('/oauth/callback?link=ignored')).toEqual({ outcome: 'ignored', replaced: [] })
    expect(arrive('/dashboard?token=x&refreshToken=y')).toEqual({ outcome: 'not-callback', replaced: [] })
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
  })

  it('returns to the page the owner came from after a sign-in, and keeps it on the way back to /login after a failure', async () => {
    const state = beginSignInState(session, '/profile/edit?tab=1')
    expect(session.getItem(RETURN_TO_KEY)).toBe('/profile/edit?tab=1')
    expect(await arriveAndExchange(`/oauth/callback?code=c&signInState=${state}`)).toEqual({ outcome: 'signed-in', replaced: ['/oauth/callback', '/profile/edit?tab=1'] })
    expect(session.getItem(RETURN_TO_KEY)).toBeNull()

    const next = beginSignInState(session, '/products/new')
    expect(arrive(`/oauth/callback?error=cancelled&signInState=${next}`)).toEqual({ outcome: 'failed', replaced: ['/login?redirect=%2Fproducts%2Fnew'] })
    expect(signInFailure()).toBe(SIGN_IN_FAILURE_MESSAGES.cancelled)
    clearSignInFailure()
  })

  it.each([['another origin', 'https://evil.test/x'], ['a protocol-relative address', '//evil.test'], ['javascript:', 'javascript:alert(1)']])(
    'never returns to %s, whether given at the start or planted in storage',
    async (_, target) => {
      const state = beginSignInState(session, target)
      expect(session.getItem(RETURN_TO_KEY)).toBeNull()
      session.setItem(RETURN_TO_KEY, target)
      expect((await arriveAndExchange(`/oauth/callback?code=c&signInState=${state}`)).replaced).toEqual(['/oauth/callback', '/dashboard'])
    },
  )

  it('a connect or confirmation from settings comes back there, connected or refused with the reason; the session is kept', async () => {
    local.setItem('token', 'owner.access.token')
    local.setItem('refreshToken', 'owner-refresh')
    const refused = beginSignInState(session, '/profile/edit', true)
    expect(arrive(`/oauth/callback?error=already_linked&signInState=${refused}`)).toEqual({ outcome: 'failed', replaced: ['/profile/edit'] })
    expect(takeSettingsReturn()).toEqual({ kind: 'error', text: SIGN_IN_FAILURE_MESSAGES.already_linked })
    expect(takeSettingsReturn()).toBeNull()
    expect(signInFailure()).toBeNull()

    const second = beginSignInState(session, '/profile/edit', true)
    expect(arrive(`/oauth/callback?error=google_already_connected&signInState=${second}`).replaced).toEqual(['/profile/edit'])
    expect(takeSettingsReturn()?.text).toBe(SIGN_IN_FAILURE_MESSAGES.google_already_connected)

    const connected = beginSignInState(session, '/profile/edit', true)
    expect(arrive(`/oauth/callback?connected=google&signInState=${connected}`)).toEqual({ outcome: 'connected', replaced: ['/profile/edit'] })
    expect(takeSettingsReturn()).toEqual({ kind: 'done', text: GOOGLE_CONNECTED_TEXT })
    // A crafted 'connected' link for a tab that started nothing says nothing.
    expect(arrive('/oauth/callback?connected=google&signInState=x').outcome).toBe('ignored')
    expect(takeSettingsReturn()).toBeNull()

    const confirm = beginSignInState(session, '/profile/edit', true)
    expect(await arriveAndExchange(`/oauth/callback?code=c&signInState=${confirm}`, null)).toEqual({ outcome: 'failed', replaced: ['/oauth/callback', '/profile/edit'] })
    expect(takeSettingsReturn()).toEqual({ kind: 'error', text: SIGN_IN_FAILURE_MESSAGES.expired })
    expect(readTokens()).toEqual({ token: 'owner.access.token', refreshToken: 'owner-refresh' })
    // A sign-in from /login after that is not taken for one from settings.
    beginSignInState(session, '/profile/edit')
    expect(arrive('/oauth/callback?error=cancelled').replaced).toEqual(['/login?redirect=%2Fprofile%2Fedit'])
    clearSignInFailure()
  })

  it('a confirmation with Google from settings signs out the session it replaces; a sign-in from /login signs out nothing', async () => {
    const calls: { url: string; body: unknown }[] = []
    const server = (async (url: unknown, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)) })
      return new Response(JSON.stringify({ token: 'fresh.access.token', refreshToken: 'fresh-refresh' }), { status: 200 })
    }) as typeof fetch
    const history = { replaceState: () => undefined } as unknown as History
    local.setItem('token', 'owner.access.token')
    local.setItem('refreshToken', 'owner-refresh')
    const confirm = beginSignInState(session, '/profile/edit', true)
    expect(arrive(`/oauth/callback?code=c1&signInState=${confirm}`).outcome).toBe('exchanging')
    expect(await finishOAuthExchange(history, server)).toBe('signed-in')
    expect(calls).toEqual([
      { url: '/api/auth/oauth/exchange', body: { code: 'c1' } },
      { url: '/api/auth/logout', body: { refreshToken: 'owner-refresh' } },
    ])
    expect(readTokens()).toEqual({ token: 'fresh.access.token', refreshToken: 'fresh-refresh' })

    calls.length = 0
    const signIn = beginSignInState(session, '/dashboard')
    expect(arrive(`/oauth/callback?code=c2&signInState=${signIn}`).outcome).toBe('exchanging')
    expect(await finishOAuthExchange(history, server)).toBe('signed-in')
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/oauth/exchange'])
  })

  it('says a fixed sentence for every failure: a crafted error text never reaches the page', () => {
    beginSignInState(session)
    expect(arrive('/oauth/callback?error=unverified_email').replaced).toEqual(['/login'])
    expect(signInFailure()).toBe(SIGN_IN_FAILURE_MESSAGES.unverified_email)
    expect(arrive('/oauth/callback?error=Your%20account%20is%20locked.%20Call%20%2B1%20555').replaced).toEqual(['/login'])
    expect(signInFailure()).toBe(SIGN_IN_FAILURE_MESSAGES.unknown)
    expect(arrive('/oauth/callback').replaced).toEqual(['/login'])
    clearSignInFailure()
    expect(signInFailure()).toBeNull()
  })

  it('draws a different value for every sign-in', () => {
    const values = new Set(Array.from({ length: 50 }, () => beginSignInState(session)))
    expect(values.size).toBe(50)
  })
})
