// What a visitor's GET /api/profiles/{address} carries per profile type (spec section 2, Public profile): only what
// that type shows, and nothing that identifies a row (no profile id, no image-table ids).
import { beforeAll, expect, it } from 'vitest'
import { PRIVATE_PROFILE_FIELDS, PublicProfileSchema, PublicWishlistItemSchema } from '../../src/contract/profile.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner } from './owner-helpers.ts'
import { FIRST } from './profile-field-values.ts'
import { fixture, upload } from './upload-helpers.ts'

const ITEM_KEYS = Object.keys(PublicWishlistItemSchema.entries).sort()

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
      // Every editable field filled in (the mail preferences off: the owner's own, issue 29), and a photo.
      body: { ...FIRST, isPublic: true, profileImageId: photoId },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ emailOnGift: false, emailOnOrder: false, contactInfo: FIRST.contactInfo })
  })

  it.each([
    ['WISHLIST', ['description', 'profileImageUrl', 'profileType', 'shareableId', 'username', 'wishlist']],
    ['CUSTOM_TEXT', ['customText', 'description', 'profileImageUrl', 'profileType', 'shareableId', 'socialLinks', 'username']],
    ['SOCIAL_LINKS', ['description', 'profileImageUrl', 'profileType', 'shareableId', 'socialLinks', 'username']],
    ['REDIRECT', ['profileType', 'redirectUrl', 'shareableId', 'username']],
  ])('%s: the contract\'s public shape, with at least %j', async (profileType, keys) => {
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType } })).status).toBe(200)
    const res = await t.request('GET', `/api/profiles/${owner.shareableId}`)
    expect(res.status).toBe(200)
    // The contract's shape of the type (a public field added later joins it), which holds what the spec names and no
    // private field.
    const shape = Object.keys(PublicProfileSchema.options.find((option) => option.entries.profileType.literal === profileType)!.entries).sort()
    expect(Object.keys(res.json).sort()).toEqual(shape)
    expect(shape).toEqual(expect.arrayContaining(keys))
    for (const hidden of ['id', ...PRIVATE_PROFILE_FIELDS]) expect(shape).not.toContain(hidden)
    for (const item of res.json.wishlist ?? []) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS)
    // No row handles: the profile's id, the image rows' ids as fields, the private contact.
    expect(res.text).not.toContain(owner.profileId)
    expect(res.text).not.toContain(FIRST.contactInfo)
    expect(res.json).not.toHaveProperty('profileImageId')
    if (keys.includes('profileImageUrl')) expect(res.json.profileImageUrl).toBe(`/api/uploads/${photoId}`)
    if (profileType === 'WISHLIST') expect(res.json.wishlist[0]).toMatchObject({ name: 'Mug with a picture', imageUrl: `/api/uploads/${itemImageId}` })
  })
})
