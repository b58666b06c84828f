import { describe, expect, it } from 'vitest'
import { discardQuestion, signInAsLabel, unsentChangesOf } from './owner-switch-words.ts'

describe('the owner-switch words name whose changes they are and count them', () => {
  const alice = (unsentCount: number) => ({ userId: 'a', username: 'alice', unsentCount, failedCount: 0 })
  it.each([
    [alice(3), '3 unsent changes of @alice are on this device', 'Discard 3 unsent changes of @alice?', 'Sign in as @alice'],
    [alice(1), '1 unsent change of @alice is on this device', 'Discard 1 unsent change of @alice?', 'Sign in as @alice'],
    [{ ...alice(2), username: undefined }, '2 unsent changes of another account are on this device', 'Discard 2 unsent changes of another account?', 'Sign in as that account'],
  ])('%o', (pending, sentence, question, label) => {
    expect(unsentChangesOf(pending)).toBe(sentence)
    expect(discardQuestion(pending)).toBe(question)
    expect(signInAsLabel(pending)).toBe(label)
  })
})
