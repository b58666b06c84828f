import { describe, expect, it } from 'vitest'
import { keptChangesSentence } from './kept-changes.ts'
import { isOrAre, unsentChanges } from '../../lib/unsent-changes-words.ts'

describe('unsent changes, counted', () => {
  it.each([
    [1, '1 unsent change', 'is', '1 unsent change on this device is kept and will be sent after you sign in.'],
    [2, '2 unsent changes', 'are', '2 unsent changes on this device are kept and will be sent after you sign in.'],
    [12, '12 unsent changes', 'are', '12 unsent changes on this device are kept and will be sent after you sign in.'],
  ])('%i: %s, %s', (count, words, verb, sentence) => {
    expect(unsentChanges(count)).toBe(words)
    expect(isOrAre(count)).toBe(verb)
    expect(keptChangesSentence(count)).toBe(sentence)
  })
})
