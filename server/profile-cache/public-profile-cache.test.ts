import { describe, expect, it } from 'vitest'
import { applyInvalidation, MAX_AGE_MS, MISS_MAX_AGE_MS, PublicProfileCache, UNSYNCED_MAX_AGE_MS } from './public-profile-cache.ts'

describe('the public profile cache', () => {
  it('answers only the addresses it was stored under, until a write invalidates them all', () => {
    const cache = new PublicProfileCache()
    const entry = cache.store(cache.version(), ['Alice', 'k3m9x2pq7z'], 'p1', '{"a":1}', 1000)
    expect(cache.lookup('Alice', 1000)).toBe(entry)
    expect(cache.lookup('k3m9x2pq7z', 1000)).toBe(entry)
    // Another spelling was never resolved: it is not guessed from a stored one.
    expect(cache.lookup('alice', 1000)).toBeUndefined()
    cache.invalidateProfile('p1')
    expect(cache.lookup('Alice', 1000)).toBeUndefined()
    expect(cache.lookup('k3m9x2pq7z', 1000)).toBeUndefined()
  })

  it('refuses a store whose database read an invalidation overtook', () => {
    const cache = new PublicProfileCache()
    const before = cache.version()
    cache.invalidateProfile('p1')
    cache.store(before, ['k3m9x2pq7z'], 'p1', '{"old":true}', 0)
    cache.storeMiss(before, 'nobody', null, 0)
    expect(cache.lookup('k3m9x2pq7z', 0)).toBeUndefined()
    expect(cache.lookup('nobody', 0)).toBeUndefined()
  })

  it.each([
    ['listening', MAX_AGE_MS, MAX_AGE_MS - 1, true],
    ['listening', MAX_AGE_MS, MAX_AGE_MS + 1, false],
    ['not listening', UNSYNCED_MAX_AGE_MS, UNSYNCED_MAX_AGE_MS - 1, true],
    ['not listening', UNSYNCED_MAX_AGE_MS, UNSYNCED_MAX_AGE_MS + 1, false],
  ])('forgets an entry after its max-age (%s: %i ms), at %i ms: kept %s', (_state, maxAge, ageMs, kept) => {
    const cache = new PublicProfileCache()
    cache.maxAgeMs = maxAge
    cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}', 0)
    expect(cache.lookup('k3m9x2pq7z', ageMs) !== undefined).toBe(kept)
  })

  describe('misses', () => {
    it('answers a cached 404 briefly, then asks the database again', () => {
      const cache = new PublicProfileCache()
      cache.storeMiss(cache.version(), 'nobody', null, 0)
      expect(cache.lookup('nobody', MISS_MAX_AGE_MS - 1)).toBeNull()
      expect(cache.lookup('nobody', MISS_MAX_AGE_MS + 1)).toBeUndefined()
    })

    it('are bounded in number: the oldest go first', () => {
      const cache = new PublicProfileCache()
      for (let i = 0; i < 5000; i++) cache.storeMiss(cache.version(), `guess-${i}`, null, 0)
      expect(cache.size.misses).toBe(1000)
      expect(cache.lookup('guess-0', 0)).toBeUndefined()
      expect(cache.lookup('guess-4999', 0)).toBeNull()
    })

    it.each<[string, (cache: PublicProfileCache) => void, boolean]>([
      ['a registration of that username, in another case', (c) => c.invalidateAddresses(['NewOwner']), false],
      ['switching the hidden profile on', (c) => c.invalidateProfile('hidden-profile'), false],
      ['a write to another profile', (c) => c.invalidateProfile('other-profile'), true],
      ['a registration of another address', (c) => c.invalidateAddresses(['someone-else']), true],
    ])('end with %s: kept %s', (_name, event, kept) => {
      const cache = new PublicProfileCache()
      cache.storeMiss(cache.version(), 'newowner', 'hidden-profile', 0)
      event(cache)
      expect(cache.lookup('newowner', 0) === null).toBe(kept)
    })

    it('a found profile replaces the miss of its address', () => {
      const cache = new PublicProfileCache()
      cache.storeMiss(cache.version(), 'k3m9x2pq7z', null, 0)
      const entry = cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}', 0)
      expect(cache.lookup('k3m9x2pq7z', 0)).toBe(entry)
    })
  })

  it('a new address drops what was cached under it in any case', () => {
    const cache = new PublicProfileCache()
    cache.store(cache.version(), ['K3M9X2PQ7Z', 'old-owner-sid'], 'p-old', '{}', 0)
    cache.invalidateAddresses(['k3m9x2pq7z'])
    expect(cache.lookup('K3M9X2PQ7Z', 0)).toBeUndefined()
  })

  it.each([
    ['p:p1', ['k3m9x2pq7z'], ['other'], []],
    ['a:Nobody', [], ['k3m9x2pq7z', 'other'], ['nobody']],
    ['garbage', ['k3m9x2pq7z', 'other'], [], ['nobody']],
  ])('applies the message %j from another server', (message, goneEntries, keptEntries, goneMisses) => {
    const cache = new PublicProfileCache()
    cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}', 0)
    cache.store(cache.version(), ['other'], 'p2', '{}', 0)
    cache.storeMiss(cache.version(), 'nobody', null, 0)
    applyInvalidation(cache, message)
    for (const address of goneEntries) expect(cache.lookup(address, 0)).toBeUndefined()
    for (const address of keptEntries) expect(cache.lookup(address, 0)).toBeDefined()
    for (const address of goneMisses) expect(cache.lookup(address, 0)).toBeUndefined()
  })
})
