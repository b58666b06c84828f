import { describe, expect, it } from 'vitest'
import { apiPaths, isPushablePath } from './api-paths.ts'

describe('isPushablePath lets the outbox reach owner data only', () => {
  it.each([
    ['/api/profiles', true],
    ['/api/wishlist-items/profile/0b7a2c1e-1111-4111-8111-111111111111', true],
    ['/api/wishlist-items/0b7a2c1e-1111-4111-8111-111111111111', true],
    ['/api/uploads/0b7a2c1e-1111-4111-8111-111111111111', true],
    ['/api/profiles/abc', false],
    ['/api/sync/push', false],
    ['/api/sync/changes', false],
    ['/api/auth/logout', false],
    ['/api/users/me', false],
    ['/api/public/profiles/x/purchases', false],
    ['/api/wishlist-items/../sync/push', false],
    ['/api/wishlist-items//x', false],
    ['/api/uploads', false],
    ['/api/wishlist-items/a/b/c', false],
    ['/api/profiles?x=1', false],
  ])('%s -> %s', (path, allowed) => {
    expect(isPushablePath(path)).toBe(allowed)
  })
})

describe('the paths the outbox writes are the paths the server lets through a push', () => {
  const id = '0b7a2c1e-1111-4111-8111-111111111111'
  it.each([
    ['ownProfile', apiPaths.ownProfile],
    ['wishlistItemsOfProfile', apiPaths.wishlistItemsOfProfile(id)],
    ['wishlistItem', apiPaths.wishlistItem(id)],
    ['upload', apiPaths.upload(id)],
  ])('%s', (_name, path) => {
    expect(isPushablePath(path)).toBe(true)
  })

  it('keeps visitor and sync calls out of a push', () => {
    for (const path of [apiPaths.publicProfile('alice'), apiPaths.publicPurchases('aB3dE5gH'), apiPaths.syncPush, apiPaths.authRefresh, apiPaths.uploads()]) {
      expect(isPushablePath(path)).toBe(false)
    }
  })
})
