import { describe, expect, it } from 'vitest'
import type { Notice } from '../../local/db.ts'
import { arrivedNotices } from './notice-toasts.ts'

const notice = (id: number): Notice => ({ id, kind: 'deleted-elsewhere', message: `'Gone ${id}' was deleted`, itemId: `i${id}`, createdAt: '' })

describe('which notices a toast announces: each once, the moment it arrives', () => {
  const cases: { name: string; seen: number[] | null; current: Notice[]; expected: number[] }[] = [
    { name: 'the first list a tab reads is only remembered', seen: null, current: [notice(1)], expected: [] },
    { name: 'a notice that arrives after is announced', seen: [], current: [notice(1)], expected: [1] },
    { name: 'one already announced is not again', seen: [1], current: [notice(1), notice(2)], expected: [2] },
    { name: 'a dismissed one going away announces nothing', seen: [1, 2], current: [notice(2)], expected: [] },
  ]
  for (const { name, seen, current, expected } of cases) {
    it(name, () => expect(arrivedNotices(seen && new Set(seen), current).map((found) => found.id)).toEqual(expected))
  }
})
