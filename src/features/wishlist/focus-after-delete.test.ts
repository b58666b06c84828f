import { describe, expect, it } from 'vitest'
import { neighbourOf } from './focus-after-delete.ts'

describe('focus after a deleted card', () => {
  it('goes to the next card, else the previous, else nowhere (the add button)', () => {
    expect(neighbourOf(['a', 'b', 'c'], 'b')).toBe('c')
    expect(neighbourOf(['a', 'b', 'c'], 'c')).toBe('b')
    expect(neighbourOf(['a'], 'a')).toBeNull()
    expect(neighbourOf(['a', 'b'], 'x')).toBeNull()
  })
})
