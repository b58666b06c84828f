import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PurchaseFailure } from './purchase-flow.ts'
import type { RecordPurchaseOutcome } from './record-purchase.ts'
import { awaitingMessages } from './remembered-purchases.ts'
import { resumeUnansweredPurchases } from './resume-purchases.ts'
import { ATTEMPT_KEPT_MS, attemptKey, attemptsOf, dropAttempt, forgetAttemptsInMemory, keepAttempt } from './unanswered-purchases.ts'

const NOW = Date.parse('2026-11-30T12:00:00.000Z')
function storage(): Storage {
  const stored = new Map<string, string>()
  return { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) } as Storage
}

beforeEach(() => {
  vi.stubGlobal('localStorage', storage())
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
  forgetAttemptsInMemory()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('unanswered attempts', () => {
  it('keep their key across a reload (storage read again), one per gift, until dropped', () => {
    keepAttempt('p', 'i1', 'k1')
    keepAttempt('p', 'i1', 'k1b')
    keepAttempt('p', 'i2', 'k2')
    keepAttempt('q', 'i1', 'k3')
    forgetAttemptsInMemory()
    expect(attemptKey('p', 'i1')).toBe('k1b')
    expect(attemptsOf('p').map((attempt) => attempt.itemId)).toEqual(['i1', 'i2'])
    dropAttempt('p', 'i1')
    forgetAttemptsInMemory()
    expect(attemptKey('p', 'i1')).toBeUndefined()
    expect(attemptKey('q', 'i1')).toBe('k3')
  })

  it('are seen by another tab of this browser (a re-scan opens one): kept in localStorage, not the tab\'s session', () => {
    vi.stubGlobal('sessionStorage', storage())
    keepAttempt('p', 'i1', 'k1')
    // The other tab: the same localStorage, its own (empty) sessionStorage and memory.
    vi.stubGlobal('sessionStorage', storage())
    forgetAttemptsInMemory()
    expect(attemptKey('p', 'i1')).toBe('k1')
  })

  it("kept and dropped by two tabs in turn: neither tab's write loses the other's", () => {
    keepAttempt('p', 'i1', 'k1')
    // The other tab (same storage) keeps its own attempt and drops nothing of this one's.
    const other = JSON.parse(localStorage.getItem('qrtee-visitor-attempts') ?? '[]') as unknown[]
    localStorage.setItem('qrtee-visitor-attempts', JSON.stringify([...other, { shareableId: 'p', itemId: 'i2', key: 'k2', at: NOW }]))
    keepAttempt('p', 'i3', 'k3')
    expect(['i1', 'i2', 'i3'].map((item) => attemptKey('p', item))).toEqual(['k1', 'k2', 'k3'])
    // The other tab's answer came: this tab no longer asks about it.
    localStorage.setItem('qrtee-visitor-attempts', JSON.stringify(attemptsOf('p').filter((attempt) => attempt.itemId !== 'i1')))
    expect(attemptKey('p', 'i1')).toBeUndefined()
  })

  it('give their key only to a retry for the name and price they were sent with (decision 206)', () => {
    keepAttempt('p', 'i1', 'k1', { name: 'Blue mug', price: 12.5 })
    forgetAttemptsInMemory()
    expect(attemptKey('p', 'i1', { name: 'Blue mug', price: 12.5 })).toBe('k1')
    expect(attemptKey('p', 'i1', { name: 'Blue mug', price: 45 })).toBeUndefined()
    expect(attemptKey('p', 'i1', { name: 'Gold watch', price: 12.5 })).toBeUndefined()
    expect(attemptKey('p', 'i1')).toBeUndefined()
    expect(attemptsOf('p')).toEqual([{ shareableId: 'p', itemId: 'i1', key: 'k1', at: NOW, shown: { name: 'Blue mug', price: 12.5 } }])
  })

  it('are forgotten after an hour', () => {
    keepAttempt('p', 'i1', 'k1')
    vi.setSystemTime(NOW + ATTEMPT_KEPT_MS + 1)
    expect(attemptKey('p', 'i1')).toBeUndefined()
  })

  it('last as long as the page when storage refuses', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    })
    keepAttempt('p', 'i1', 'k1')
    expect(attemptKey('p', 'i1')).toBe('k1')
  })
})

describe('resumeUnansweredPurchases', () => {
  const ok = (purchaseId: string): RecordPurchaseOutcome => ({
    ok: true,
    result: { purchaseId, wishlistItemId: 'x', purchasedPrice: 5, purchasedAt: new Date(NOW).toISOString(), contactInfo: '' },
  })
  const failed = (failure: PurchaseFailure): RecordPurchaseOutcome => ({ ok: false, failure, message: failure })
  const cases: Array<{ name: string; bought: boolean; answer?: RecordPurchaseOutcome; resumed: boolean; kept: boolean }> = [
    { name: 'a bought gift whose answer is replayed: thanked, remembered for its message', bought: true, answer: ok('b1'), resumed: true, kept: false },
    { name: 'a bought gift that someone else bought: the attempt ends', bought: true, answer: failed('taken'), resumed: false, kept: false },
    { name: 'a gift gone from the wishlist: the attempt ends', bought: true, answer: failed('gone'), resumed: false, kept: false },
    { name: 'no answer again: kept for the next load', bought: true, answer: failed('noAnswer'), resumed: false, kept: true },
    { name: 'a server in trouble: kept', bought: true, answer: failed('serverTrouble'), resumed: false, kept: true },
    { name: 'a gift still on sale: not asked, the key kept for the retry', bought: false, resumed: false, kept: true },
  ]
  it('asks with what the attempt was sent with, and without it for an attempt kept by the page before (the server replays only to the same body)', async () => {
    keepAttempt('p', 'i1', 'k1', { name: 'Blue mug', price: 12.5 })
    localStorage.setItem('qrtee-visitor-attempts', JSON.stringify([...attemptsOf('p'), { shareableId: 'p', itemId: 'i2', key: 'k2', at: NOW }]))
    const record = vi.fn(async () => ok('b1'))
    await resumeUnansweredPurchases('p', new Set(['i1', 'i2']), record)
    expect(record.mock.calls).toEqual([
      ['p', 'i1', { idempotencyKey: 'k1', replayOnly: true, shown: { name: 'Blue mug', price: 12.5 } }],
      ['p', 'i2', { idempotencyKey: 'k2', replayOnly: true }],
    ])
  })

  it.each(cases)('$name', async ({ bought, answer, resumed, kept }) => {
    keepAttempt('p', 'i1', 'k1')
    const record = vi.fn(async () => answer ?? failed('unknown'))
    const result = await resumeUnansweredPurchases('p', new Set(bought ? ['i1'] : []), record)
    expect(record.mock.calls).toEqual(bought ? [['p', 'i1', { idempotencyKey: 'k1', replayOnly: true }]] : [])
    expect(result).toEqual(resumed ? [{ itemId: 'i1', purchaseId: 'b1' }] : [])
    expect(awaitingMessages('p')).toEqual(resumed ? { i1: 'b1' } : {})
    expect(attemptKey('p', 'i1')).toBe(kept ? 'k1' : undefined)
  })
})
