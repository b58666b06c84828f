import { describe, expect, it } from 'vitest'
import { fixWords, refusalWords, waitingWords } from './refused-change-card.tsx'

describe("a refused change's words", () => {
  const at = (iso: string) => iso.slice(11, 16)
  const table: [name: string, retriedAt: string | null, expected: string][] = [
    ['first refusal: the reason', null, 'At most 30 social links.'],
    ['refused again after Retry: says so, with the time', '2026-11-30T18:05:00.000Z', 'Still refused (tried again 18:05): At most 30 social links.'],
  ]
  for (const [name, retriedAt, expected] of table) {
    it(name, () => expect(refusalWords({ error: 'At most 30 social links.', retriedAt }, at)).toBe(expected))
  }

  it('later changes that wait behind it', () => {
    expect(waitingWords(0)).toBeNull()
    expect(waitingWords(1)).toBe('1 later change of the same thing waits until you retry or discard this one.')
    expect(waitingWords(2)).toBe('2 later changes of the same thing wait until you retry or discard this one.')
  })
})

describe("a refused change an edit can fix says where", () => {
  it('a product, the profile, or nothing when only Retry or Discard can help', () => {
    expect(fixWords({ kind: 'item', id: 'i1' })).toBe('To fix it, correct it in the product: your edit goes to the server again at once, with the rest of this change.')
    expect(fixWords({ kind: 'profile' })).toBe('To fix it, correct it in your profile settings: your edit goes to the server again at once, with the rest of this change.')
    expect(fixWords(null)).toBeNull()
  })
})
