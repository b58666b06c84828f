// The worker's token store hands the page why the session ended: the worker has no sessionStorage, the page does.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../tests/fakes/memory-storage.ts'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'
import { takeSignedOutReason } from './signed-out-reason.ts'
import { LOGOUT_EVENT } from './tokens.ts'
import { bridgedTokenStore, pageTokenBridge, type TokenBridge } from './token-store.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the worker's store ends the page's session with its reason", () => {
  it('end(reason) in the worker reaches the page bridge, which keeps the reason for /login; end() keeps none', async () => {
    const calls: unknown[] = []
    const bridge: TokenBridge = { readTokens: async () => null, writeTokens: async () => undefined, signOut: async (reason) => void calls.push(reason) }
    const store = bridgedTokenStore(bridge)
    await store.end('signed-out-by-owner')
    await store.end('account-gone')
    await store.end()
    expect(calls).toEqual(['signed-out-by-owner', 'account-gone', undefined])
  })

  it.each([
    ['signed-out-by-owner', SIGNED_OUT_BY_OWNER],
    ['account-gone', ACCOUNT_MESSAGES.gone],
  ] as const)("the page keeps the reason '%s' from its worker, in its own words, and hands it to the logout event", async (reason, words) => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    vi.stubGlobal('localStorage', memoryStorage())
    const events = new EventTarget()
    vi.stubGlobal('window', events)
    const heard: unknown[] = []
    events.addEventListener(LOGOUT_EVENT, (event) => heard.push((event as CustomEvent).detail?.reason))
    localStorage.setItem('refreshToken', 'r')
    await pageTokenBridge.signOut(reason)
    expect(localStorage.getItem('refreshToken')).toBeNull()
    expect(heard).toEqual([reason])
    expect(takeSignedOutReason()).toBe(words)
    expect(takeSignedOutReason()).toBeNull()
  })

  it('anything else from the worker is no reason', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    vi.stubGlobal('localStorage', memoryStorage())
    // A worker's message crosses a structured-clone boundary: only a known reason counts, never words of its own.
    await (pageTokenBridge.signOut as (value: unknown) => Promise<void>)('You were hacked, call this number')
    await (pageTokenBridge.signOut as (value: unknown) => Promise<void>)(true)
    await pageTokenBridge.signOut()
    expect(takeSignedOutReason()).toBeNull()
  })
})
