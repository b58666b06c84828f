// Every tab of a device signed out by its owner, or whose account is gone, says why, once each, until the next sign-in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../tests/fakes/memory-storage.ts'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'
import { rememberSessionEnd, takeSignedOutReason } from './signed-out-reason.ts'
import { storeTokens } from './tokens.ts'

const device = { local: memoryStorage() }
const tabs = new Map<string, Storage>()
/** Runs `step` as if in tab `name`: the device's localStorage, the tab's own sessionStorage. */
function inTab<T>(name: string, step: () => T): T {
  if (!tabs.has(name)) tabs.set(name, memoryStorage())
  vi.stubGlobal('localStorage', device.local)
  vi.stubGlobal('sessionStorage', tabs.get(name))
  return step()
}

beforeEach(() => {
  device.local = memoryStorage()
  tabs.clear()
})
afterEach(() => vi.unstubAllGlobals())

type Step = [tab: string, action: 'signed out by owner' | 'account gone' | 'login page' | 'sign in', expected?: string | null]
const cases: [name: string, steps: Step[]][] = [
  ['the tab that learnt it says it once; a reload of /login says nothing', [['A', 'signed out by owner'], ['A', 'login page', SIGNED_OUT_BY_OWNER], ['A', 'login page', null]]],
  ['another tab of the device says it too, once', [['A', 'signed out by owner'], ['A', 'login page', SIGNED_OUT_BY_OWNER], ['B', 'login page', SIGNED_OUT_BY_OWNER], ['B', 'login page', null]]],
  ['a tab opened later, before any sign-in, says it once', [['A', 'signed out by owner'], ['C', 'login page', SIGNED_OUT_BY_OWNER]]],
  ['after a sign-in no tab says it', [['A', 'signed out by owner'], ['A', 'sign in'], ['B', 'login page', null], ['A', 'login page', null]]],
  ['a second sign-out by the owner is said again, also in a tab that said the first', [['A', 'signed out by owner'], ['A', 'login page', SIGNED_OUT_BY_OWNER], ['A', 'sign in'], ['A', 'signed out by owner'], ['A', 'login page', SIGNED_OUT_BY_OWNER]]],
  ['nothing learnt, nothing said', [['A', 'login page', null]]],
  ['an account gone is said in its own words, in every tab', [['A', 'account gone'], ['A', 'login page', ACCOUNT_MESSAGES.gone], ['B', 'login page', ACCOUNT_MESSAGES.gone], ['B', 'login page', null]]],
  ['the later reason is the one said', [['A', 'signed out by owner'], ['A', 'account gone'], ['B', 'login page', ACCOUNT_MESSAGES.gone]]],
]

describe('the sign-out reason across tabs', () => {
  it.each(cases)('%s', (_name, steps) => {
    let now = 1_700_000_000_000
    for (const [tab, action, expected] of steps) {
      inTab(tab, () => {
        if (action === 'signed out by owner') rememberSessionEnd('signed-out-by-owner', (now += 1000))
        else if (action === 'account gone') rememberSessionEnd('account-gone', (now += 1000))
        else if (action === 'sign in') storeTokens({ token: 't', refreshToken: 'r' })
        else expect(takeSignedOutReason()).toBe(expected)
      })
    }
  })

  it('says only its own words, whatever else the storage holds', () => {
    inTab('A', () => {
      localStorage.setItem('qrtee:signed-out-reason', JSON.stringify({ message: 'You were hacked, call this number' }))
      expect(takeSignedOutReason()).toBeNull()
      localStorage.setItem('qrtee:signed-out-reason', 'not json')
      expect(takeSignedOutReason()).toBeNull()
      localStorage.setItem('qrtee:signed-out-reason', JSON.stringify({ at: 5, reason: 'You were hacked' }))
      expect(takeSignedOutReason()).toBeNull()
      // A record from before there were two reasons: the owner's sign-out.
      localStorage.setItem('qrtee:signed-out-reason', JSON.stringify({ at: 6, message: 'You were hacked' }))
      expect(takeSignedOutReason()).toBe(SIGNED_OUT_BY_OWNER)
    })
  })
})
