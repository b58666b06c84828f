import { describe, expect, it } from 'vitest'
import { isReservedWord, randomShareableId, SHAREABLE_ID_ALPHABET, SHAREABLE_ID_PATTERN } from './shareable-id.ts'

describe('shareable ids', () => {
  it('are 10 characters from the alphabet without look-alikes (no 0, 1, i, l, o)', () => {
    expect(SHAREABLE_ID_ALPHABET).not.toMatch(/[01ilo]/)
    for (let i = 0; i < 500; i++) expect(randomShareableId()).toMatch(SHAREABLE_ID_PATTERN)
  })

  it('treats route words as reserved in any case', () => {
    for (const word of ['qr', 'edit', 'new', 'login', 'register', 'dashboard', 'demo', 'api', 'admin', 'Dashboard', '.well-known', 'profile']) {
      expect(isReservedWord(word)).toBe(true)
    }
    expect(isReservedWord('k3m9x2pq7z')).toBe(false)
  })

  it('draws again when a draw is reserved', () => {
    const spell = (id: string) => [...id].map((ch) => SHAREABLE_ID_ALPHABET.indexOf(ch))
    const draws = [...spell('aaaaaaaaaa'), ...spell('bbbbbbbbbb')]
    let next = 0
    const id = randomShareableId(() => draws[next++] ?? 0, (candidate) => candidate === 'aaaaaaaaaa')
    expect(id).toBe('bbbbbbbbbb')
  })
})
