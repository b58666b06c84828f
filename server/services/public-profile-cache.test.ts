import { describe, expect, it } from 'vitest'
import { cachePublicProfile, getCachedPublicProfile, invalidatePublicProfile, matchesIfNoneMatch } from './public-profile-cache.ts'

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%j against "abc" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected)
  })
})

describe('the public profile cache', () => {
  it('answers every address of a profile until a write invalidates them all', () => {
    const entry = cachePublicProfile(['s:unit1', 'u:unit'], 'profile-unit', '{"a":1}', 1000)
    expect(getCachedPublicProfile('s:unit1', 1000)).toBe(entry)
    expect(getCachedPublicProfile('u:unit', 1000)).toBe(entry)
    invalidatePublicProfile('profile-unit')
    expect(getCachedPublicProfile('s:unit1', 1000)).toBeUndefined()
    expect(getCachedPublicProfile('u:unit', 1000)).toBeUndefined()
  })

  it('forgets an entry after 30 seconds even without a write', () => {
    cachePublicProfile(['s:old'], 'profile-old', '{}', 0)
    expect(getCachedPublicProfile('s:old', 29_000)).toBeDefined()
    expect(getCachedPublicProfile('s:old', 31_000)).toBeUndefined()
  })
})
