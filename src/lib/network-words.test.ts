// The words for a request without an answer: never the browser's raw text.
import { describe, expect, it } from 'vitest'
import { laterAnswerWords, networkFailureWords } from './network-words.ts'

describe('networkFailureWords', () => {
  const CASES: [string, unknown, boolean, string][] = [
    ["Chromium's refused connection online", new TypeError('Failed to fetch'), true, 'The server did not answer'],
    ["Chromium's refused connection offline", new TypeError('Failed to fetch'), false, 'No connection'],
    ["Firefox's network error online", new TypeError('NetworkError when attempting to fetch resource.'), true, 'The server did not answer'],
    ["Safari's network error offline", new TypeError('Load failed'), false, 'No connection'],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError'), true, 'The server did not answer'],
    ['something thrown that is not an Error', 'boom', true, 'The server did not answer'],
  ]
  it.each(CASES)('%s', (_name, error, online, words) => {
    expect(networkFailureWords(error, online)).toBe(words)
  })
})

describe('laterAnswerWords', () => {
  it.each([
    [500, 'The server is having trouble right now'],
    [502, 'The server is having trouble right now'],
    [503, 'The server is having trouble right now'],
    [504, 'The server is having trouble right now'],
    [408, 'The server did not answer'],
    [409, 'The server is busy right now'],
    [425, 'The server is busy right now'],
    [429, 'The server is busy right now'],
  ])('%i: %s, never the status', (status, words) => {
    expect(laterAnswerWords(status)).toBe(words)
  })
})
