import { beforeAll, expect, it } from 'vitest'
import { PRIVATE_PROFILE_FIELDS, PROFILE_FIELD_NAMES } from '../../src/contract/profile.ts'
import { ITEM_FIELD_NAMES, WishlistItemSchema } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

describeEachDatabase('GET /api/openapi.json', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it('describes every owner-data endpoint with schemas generated from the contract', async () => {
    const res = await t.request('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.json.openapi).toMatch(/^3\./)
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/profiles',
        '/api/profiles/{shareableId}',
        '/api/wishlist-items/profile/{profileId}',
        '/api/wishlist-items/{id}',
        '/api/uploads',
        '/api/uploads/{id}',
        '/api/purchase-records',
        '/api/public/profiles/{shareableId}/purchases',
        '/api/sync/changes',
        '/api/sync/push',
        '/api/users/me/export',
        '/api/users/me',
      ]),
    )
    const create = res.json.paths['/api/wishlist-items/profile/{profileId}'].post
    const body = create.requestBody.content['application/json'].schema
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining([...ITEM_FIELD_NAMES, 'storedImageId']))
    expect(body.properties.name.minLength).toBe(2)
    expect(body.properties.description.minLength).toBe(10)
    expect(body.properties.price.minimum).toBe(0)
    const item = create.responses['201'].content['application/json'].schema
    expect(Object.keys(item.properties).sort()).toEqual(Object.keys(WishlistItemSchema.entries).sort())
    const update = res.json.paths['/api/profiles'].put.requestBody.content['application/json'].schema
    expect(Object.keys(update.properties).sort()).toEqual([...PROFILE_FIELD_NAMES, 'socialLinkChanges'].sort())
    const publicProfile = res.json.paths['/api/profiles/{shareableId}'].get.responses['200'].content['application/json'].schema
    // One shape per profile type, none with private fields or row ids.
    expect(publicProfile.oneOf).toHaveLength(4)
    for (const shape of publicProfile.oneOf) {
      for (const hidden of ['id', ...PRIVATE_PROFILE_FIELDS]) expect(shape.properties[hidden]).toBeUndefined()
    }
  })
})
