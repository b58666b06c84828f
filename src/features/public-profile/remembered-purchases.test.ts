import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { awaitingMessages, KEPT_DAYS, rememberPurchase, settleMessage } from './remembered-purchases.ts'

const KEY = 'qrtee-visitor-purchases'
const DAY_MS = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-11-30T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString()

let stored: Map<string, string>
beforeEach(() => {
  stored = new Map()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  })
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe("this browser's purchases waiting for their message", () => {
  const cases: Array<{ name: string; entries: unknown[]; awaiting: Record<string, string> }> = [
    { name: 'a purchase of today is offered', entries: [{ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(0) }], awaiting: { i1: 'b1' } },
    { name: `one ${KEPT_DAYS} days old still is`, entries: [{ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(KEPT_DAYS) }], awaiting: { i1: 'b1' } },
    { name: 'an older one is not', entries: [{ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(KEPT_DAYS + 1) }], awaiting: {} },
    { name: 'one without a readable date is not', entries: [{ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: 'yesterday' }, { shareableId: 'p', itemId: 'i2', purchaseId: 'b2' }], awaiting: {} },
    { name: 'one an earlier version marked as sent is not', entries: [{ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(1), messageSent: true }], awaiting: {} },
    { name: "another profile's is not", entries: [{ shareableId: 'q', itemId: 'i1', purchaseId: 'b1', at: daysAgo(1) }], awaiting: {} },
    { name: 'what is not an entry is skipped', entries: [null, 'x', { shareableId: 'p' }, { shareableId: 'p', itemId: 'i3', purchaseId: 'b3', at: daysAgo(2) }], awaiting: { i3: 'b3' } },
  ]
  it.each(cases)('$name', ({ entries, awaiting }) => {
    stored.set(KEY, JSON.stringify(entries))
    expect(awaitingMessages('p')).toEqual(awaiting)
  })

  it('storage that is not JSON offers nothing and is replaced at the next purchase', () => {
    stored.set(KEY, '{not json')
    expect(awaitingMessages('p')).toEqual({})
    rememberPurchase({ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(0) })
    expect(awaitingMessages('p')).toEqual({ i1: 'b1' })
  })

  it('a write drops expired entries, and a settled message leaves nothing behind', () => {
    stored.set(KEY, JSON.stringify([{ shareableId: 'p', itemId: 'old', purchaseId: 'b0', at: daysAgo(KEPT_DAYS + 3) }]))
    rememberPurchase({ shareableId: 'p', itemId: 'i1', purchaseId: 'b1', at: daysAgo(0) })
    rememberPurchase({ shareableId: 'p', itemId: 'i2', purchaseId: 'b2', at: daysAgo(0) })
    settleMessage('b1')
    expect(JSON.parse(stored.get(KEY) ?? '[]')).toEqual([{ shareableId: 'p', itemId: 'i2', purchaseId: 'b2', at: daysAgo(0) }])
    expect(awaitingMessages('p')).toEqual({ i2: 'b2' })
  })

  it('keeps the newest 50', () => {
    for (let n = 0; n < 55; n += 1) rememberPurchase({ shareableId: 'p', itemId: `i${n}`, purchaseId: `b${n}`, at: daysAgo(0) })
    const kept = Object.keys(awaitingMessages('p'))
    expect(kept).toHaveLength(50)
    expect(kept).not.toContain('i4')
    expect(kept).toContain('i54')
  })
})
