import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readTokens } from '../../api/tokens.ts'
import {
  beginSignInState,
  type CallbackDecision,
  type CallbackQuery,
  clearSignInFailure,
  consumeOAuthCallback,
  decideOAuthCallback,
  RETURN_TO_KEY,
  SIGN_IN_FAILURE_MESSAGES,
  SIGN_IN_STATE_KEY,
  signInFailure,
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

const query = (overrides: Partial<CallbackQuery> = {}): CallbackQuery => ({ token: 'a.b.c', refreshToken: 'r', signInState: 'S1', error: null, ...overrides })
const accept: CallbackDecision = { kind: 'accept', tokens: { token: 'a.b.c', refreshToken: 'r' } }
const ignore: CallbackDecision = { kind: 'ignore' }

describe('decideOAuthCallback', () => {
  it.each<[string, CallbackQuery, string | null, CallbackDecision]>([
    ['both tokens answering the sign-in this tab started', query(), 'S1', accept],
    ['tokens with nothing started in this tab (a forged link)', query(), null, ignore],
    ['tokens without an echoed value', query({ signInState: null }), 'S1', ignore],
    ['tokens echoing another value', query({ signInState: 'S2' }), 'S1', ignore],
    ['tokens echoing a value that differs only in case', query({ signInState: 's1' }), 'S1', ignore],
    ['tokens echoing an empty value against an empty stored one', query({ signInState: '' }), '', ignore],
    ['only the access token, even with the right value', query({ refreshToken: null }), 'S1', ignore],
    ['only the refresh token, even with the right value', query({ token: null }), 'S1', ignore],
    ['an empty token with the right value', query({ token: '' }), 'S1', ignore],
    ['tokens beside a provider error, with nothing started', query({ error: 'access_denied' }), null, ignore],
    ['no tokens and the provider refused', query({ token: null, refreshToken: null, error: 'access_denied' }), 'S1', { kind: 'failed', error: 'access_denied' }],
    ['no tokens and no error', query({ token: null, refreshToken: null }), null, { kind: 'failed', error: null }],
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

  it('signs in once for a started sign-in and ignores a replay of the same link (single use)', () => {
    const state = beginSignInState(session)
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(session.getItem(SIGN_IN_STATE_KEY)).toBe(state)
    const link = `/oauth/callback?token=new.access.token&refreshToken=new-refresh&signInState=${state}`

    expect(arrive(link)).toEqual({ outcome: 'signed-in', replaced: ['/dashboard'] })
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
    expect(arrive(`/oauth/callback?token=t.t.t&refreshToken=r&signInState=${state}`).outcome).toBe('ignored')
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
  })

  it('keeps saying "ignored" on a reload of the ignored page, and does nothing elsewhere', () => {
    expect(arrive('/oauth/callback?link=ignored')).toEqual({ outcome: 'ignored', replaced: [] })
    expect(arrive('/dashboard?token=x&refreshToken=y')).toEqual({ outcome: 'not-callback', replaced: [] })
    expect(readTokens()).toEqual({ token: null, refreshToken: null })
  })

  it('returns to the page the owner came from after a sign-in, and keeps it on the way back to /login after a failure', () => {
    const state = beginSignInState(session, '/profile/edit?tab=1')
    expect(session.getItem(RETURN_TO_KEY)).toBe('/profile/edit?tab=1')
    expect(arrive(`/oauth/callback?token=t.t.t&refreshToken=r&signInState=${state}`)).toEqual({ outcome: 'signed-in', replaced: ['/profile/edit?tab=1'] })
    expect(session.getItem(RETURN_TO_KEY)).toBeNull()

    const next = beginSignInState(session, '/products/new')
    expect(arrive(`/oauth/callback?error=cancelled&signInState=${next}`)).toEqual({ outcome: 'failed', replaced: ['/login?redirect=%2Fproducts%2Fnew'] })
    expect(signInFailure()).toBe(SIGN_IN_FAILURE_MESSAGES.cancelled)
    clearSignInFailure()
  })

  it.each([['another origin', 'https://evil.test/x'], ['a protocol-relative address', '//evil.test'], ['javascript:', 'javascript:alert(1)']])(
    'never returns to %s, whether given at the start or planted in storage',
    (_, target) => {
      const state = beginSignInState(session, target)
      expect(session.getItem(RETURN_TO_KEY)).toBeNull()
      session.setItem(RETURN_TO_KEY, target)
      expect(arrive(`/oauth/callback?token=t.t.t&refreshToken=r&signInState=${state}`).replaced).toEqual(['/dashboard'])
    },
  )

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
