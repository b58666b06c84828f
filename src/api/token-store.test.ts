// The worker's token store hands the page why the session ended: the worker has no sessionStorage, the page does.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../tests/fakes/memory-storage.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'
import { takeSignedOutReason } from './signed-out-reason.ts'
import { bridgedTokenStore, pageTokenBridge, type TokenBridge } from './token-store.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the worker's store ends the page's session with its reason", () => {
  it('end(true) in the worker reaches the page bridge, which keeps the reason for /login; end() keeps none', async () => {
    const calls: unknown[] = []
    const bridge: TokenBridge = { readTokens: async () => null, writeTokens: async () => undefined, signOut: async (byOwner) => void calls.push(byOwner) }
    const store = bridgedTokenStore(bridge)
    await store.end(true)
    await store.end()
    expect(calls).toEqual([true, undefined])
  })

  it("the page keeps the owner's sign-out reason from its worker, in its own words; anything else from the worker is no reason", async () => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    vi.stubGlobal('localStorage', memoryStorage())
    localStorage.setItem('refreshToken', 'r')
    await pageTokenBridge.signOut(true)
    expect(localStorage.getItem('refreshToken')).toBeNull()
    expect(takeSignedOutReason()).toBe(SIGNED_OUT_BY_OWNER)
    expect(takeSignedOutReason()).toBeNull()
    // A worker's message crosses a structured-clone boundary: only a plain true counts, never words of its own.
    await (pageTokenBridge.signOut as (value: unknown) => Promise<void>)('You were hacked, call this number')
    await pageTokenBridge.signOut()
    expect(takeSignedOutReason()).toBeNull()
  })
})
