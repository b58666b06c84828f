import { describe, expect, it } from 'vitest'
import { isRecentSignIn, RECENT_SIGN_IN_MS } from './recent-sign-in.ts'

const now = new Date('2030-01-01T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

const cases: [string, Date | undefined, boolean][] = [
  ['a sign-in just now', now, true],
  ['a sign-in 5 minutes ago', ago(RECENT_SIGN_IN_MS), true],
  ['a sign-in 5 minutes and 1 second ago', ago(RECENT_SIGN_IN_MS + 1000), false],
  ['a token issued by a refresh (no auth_time)', undefined, false],
  ['an auth_time 30 s ahead (clock skew)', ago(-30_000), true],
  ['an auth_time an hour ahead', ago(-3_600_000), false],
]

describe('isRecentSignIn', () => {
  it.each(cases)('%s', (_name, authTime, expected) => {
    expect(isRecentSignIn(authTime, now)).toBe(expected)
  })
})
