// What a visitor's GET /api/profiles/{address} carries per profile type (spec section 2, Public profile): only what
// that type shows, and nothing that identifies a row (no profile id, no image-table ids).
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner } from './owner-helpers.ts'
import { fixture, upload } from './upload-helpers.ts'

const ITEM_KEYS = ['brand', 'description', 'id', 'imageUrl', 'isPurchased', 'name', 'price', 'productUrl']

describeEachDatabase('the public profile carries what its type shows', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let photoId: string
  let itemImageId: string
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'fields')
    photoId = (await upload(t, owner.token, fixture('small.png'), { query: `?profileId=${owner.profileId}` })).json.id
    itemImageId = (await upload(t, owner.token, fixture('small.webp'))).json.id
    await createItem(t, owner, { name: 'Mug with a picture', storedImageId: itemImageId })
    const res = await t.request('PUT', '/api/profiles', {
      token: owner.token,
      body: {
        description: 'Every field filled in.',
        customText: 'Custom words',
        redirectUrl: 'https://example.org/elsewhere',
        contactInfo: 'private@example.com',
        socialLinks: [{ platform: 'github', url: 'https://github.com/me' }],
        profileImageId: photoId,
        // The mail preferences are the owner's own (issue 29): set, and still absent from every public shape.
        emailOnGift: false,
        emailOnOrder: false,
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ emailOnGift: false, emailOnOrder: false })
  })

  it.each([
    ['WISHLIST', ['description', 'profileImageUrl', 'profileType', 'shareableId', 'username', 'wishlist']],
    ['CUSTOM_TEXT', ['customText', 'description', 'profileImageUrl', 'profileType', 'shareableId', 'socialLinks', 'username']],
    ['SOCIAL_LINKS', ['description', 'profileImageUrl', 'profileType', 'shareableId', 'socialLinks', 'username']],
    ['REDIRECT', ['profileType', 'redirectUrl', 'shareableId', 'username']],
  ])('%s: exactly %j', async (profileType, keys) => {
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType } })).status).toBe(200)
    const res = await t.request('GET', `/api/profiles/${owner.shareableId}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(keys)
    for (const item of res.json.wishlist ?? []) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS)
    // No row handles: the profile's id, the image rows' ids as fields, the private contact.
    expect(res.text).not.toContain(owner.profileId)
    expect(res.text).not.toContain('private@example.com')
    expect(res.json).not.toHaveProperty('profileImageId')
    if (keys.includes('profileImageUrl')) expect(res.json.profileImageUrl).toBe(`/api/uploads/${photoId}`)
    if (profileType === 'WISHLIST') expect(res.json.wishlist[0]).toMatchObject({ name: 'Mug with a picture', imageUrl: `/api/uploads/${itemImageId}` })
  })
})
