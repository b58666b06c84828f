// The words for a request without an answer: never the browser's raw text.
import { describe, expect, it } from 'vitest'
import { networkFailureWords } from './network-words.ts'

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
