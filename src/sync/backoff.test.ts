import { describe, expect, it } from 'vitest'
import { BACKOFF_CAP_MS, backoffDelay, NO_ANSWER_BACKOFF_MIN_MS, retryDelay } from './backoff.ts'

describe('backoffDelay', () => {
  const table: [failures: number, random: number, expected: number][] = [
    [0, 0.5, 0],
    [1, 0, 500],
    [1, 1, 1000],
    [2, 1, 2000],
    [3, 0.5, 3000],
    [5, 1, 16_000],
    [6, 1, 30_000],
    [50, 1, 30_000],
    [50, 0, 15_000],
  ]
  for (const [failures, random, expected] of table) {
    it(`after ${failures} failures with jitter ${random} waits ${expected} ms`, () => {
      expect(backoffDelay(failures, () => random)).toBe(expected)
    })
  }

  it('never exceeds the 30 s cap, whatever the jitter', () => {
    for (let failures = 1; failures < 100; failures++) expect(backoffDelay(failures)).toBeLessThanOrEqual(BACKOFF_CAP_MS)
  })
})

describe('retryDelay: after no answer within the deadline, never a retry a second later', () => {
  const table: [failures: number, noAnswer: boolean, expected: number][] = [
    [1, false, 1000],
    [1, true, NO_ANSWER_BACKOFF_MIN_MS],
    [5, true, 16_000],
    [6, true, 30_000],
  ]
  for (const [failures, noAnswer, expected] of table) {
    it(`${failures} failures, ${noAnswer ? 'no answer' : 'an answer'}: ${expected} ms`, () => expect(retryDelay(failures, noAnswer, () => 1)).toBe(expected))
  }
})
