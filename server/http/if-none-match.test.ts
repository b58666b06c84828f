import { describe, expect, it } from 'vitest'
import { matchesIfNoneMatch } from './if-none-match.ts'

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%j against "abc" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected)
  })
})
