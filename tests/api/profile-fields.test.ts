// Every list of a profile's editable fields agrees with the contract's table (issue 22): the payload, the owner's
// profile, the settings form, the local and server writes, the profile view, the change feed, the visitor's view and
// the export.
import 'fake-indexeddb/auto'
import * as v from 'valibot'
import { beforeAll, expect, it } from 'vitest'
import {
  NEW_PROFILE_FIELDS,
  PLAIN_PROFILE_FIELDS,
  PRIVATE_PROFILE_FIELDS,
  PROFILE_FIELD_NAMES,
  PROFILE_SETTINGS_FIELDS,
  ProfileSchema,
  ProfileUpdateSchema,
  PublicProfileSchema,
} from '../../src/contract/profile.ts'
import { toProfileSettings, toSettingsValues } from '../../src/features/profile-settings/settings-values.ts'
import { profileQuery } from '../../src/local/queries.ts'
import { sampleProfile } from '../../src/local/testing.ts'
import { setProfilePhoto, updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'
import { FIRST, PHOTOS, type ProfileFieldValues, SECOND } from './profile-field-values.ts'
import { pushFaultInjector } from './push-faults.ts'
import { fixture } from './upload-helpers.ts'

const FIELDS = [...PROFILE_FIELD_NAMES].sort()
/** The photo has its picker and the mail switches their Notifications section; the settings form types the rest. */
const SETTINGS = FIELDS.filter((field) => !['profileImageId', 'emailOnGift', 'emailOnOrder'].includes(field))
/** Travel with their values; the photo's id is the server's, checked on its own. */
const VALUED = FIELDS.filter((field) => field !== 'profileImageId')
const VISITOR = FIELDS.filter((field) => !(PRIVATE_PROFILE_FIELDS as string[]).includes(field))

const keys = (object: object, ...besides: string[]) => Object.keys(object).filter((key) => !besides.includes(key)).sort()
/** The named fields of a profile as compared here: links without their ids (each device gives its own). */
function only(object: Record<string, unknown>, fields: string[]) {
  const picked: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, object[field]]))
  if ('socialLinks' in picked) picked.socialLinks = (picked.socialLinks as { platform: string; url: string }[]).map(({ platform, url }) => ({ platform, url }))
  return picked
}
const formOf = (values: ProfileFieldValues) => toSettingsValues(sampleProfile({ ...values, socialLinks: values.socialLinks.map((link, i) => ({ ...link, id: i + 1 })) }))
const publicShapeKeys = PublicProfileSchema.options.flatMap((shape) => Object.keys(shape.entries))

it.each([
  ['ProfileUpdateSchema', keys(ProfileUpdateSchema.entries, 'socialLinkChanges'), FIELDS],
  ['ProfileSchema', keys(ProfileSchema.entries, 'id', 'username', 'profileImageUrl', 'shareableId', 'wishlist'), FIELDS],
  ['NEW_PROFILE_FIELDS', keys(NEW_PROFILE_FIELDS), FIELDS],
  ['the values of these tests and the photo', keys({ ...FIRST, profileImageId: null }), FIELDS],
  ["the server's write (plain fields, links, photo)", [...PLAIN_PROFILE_FIELDS, 'socialLinks', 'profileImageId'].sort(), FIELDS],
  ['the public shapes', FIELDS.filter((field) => publicShapeKeys.includes(field)), VISITOR],
  ['PROFILE_SETTINGS_FIELDS', [...PROFILE_SETTINGS_FIELDS].sort(), SETTINGS],
  ['the settings form of a profile', keys(formOf(FIRST)), SETTINGS],
  ['what Save writes', keys(toProfileSettings(formOf(FIRST))), SETTINGS],
  ['what Save writes after an edit of every field', keys(toProfileSettings(formOf(SECOND), formOf(FIRST)), 'linksOpened'), SETTINGS],
])('%s lists the contract fields', (_where, derived, expected) => {
  expect(derived).toEqual(expected)
})

it.each([
  ['FIRST', FIRST],
  ['SECOND', SECOND],
])('the values %s pass the payload schema', (_name, values) => {
  expect(v.safeParse(ProfileUpdateSchema, values).issues).toBeUndefined()
})

describeEachDatabase('every editable profile field travels: local write, push, server, change feed, visitor, export', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it("a new account shows the contract's fields, and an edit of every field (twice) reaches each view", async () => {
    const owner = await signUpOwner(t, 'profilefields')
    const { fetch } = pushFaultInjector(t)
    const writer = await createDevice({ fetch, tokens: owner })
    const reader = await createDevice({ fetch, tokens: owner })
    expect(await writer.engine.syncOnce()).toBe('synced')
    expect(await reader.engine.syncOnce()).toBe('synced')
    const served = async () => (await t.request('GET', '/api/profiles', { token: owner.token })).json
    const exported = async () => (await t.request('GET', '/api/users/me/export', { token: owner.token })).json.profile
    const visitor = () => t.request('GET', `/api/profiles/${owner.shareableId}`)

    // A new account: the contract's NEW_PROFILE_FIELDS everywhere (the columns' defaults agree with it).
    expect(only(await served(), FIELDS), 'a new profile').toEqual(only(NEW_PROFILE_FIELDS, FIELDS))
    expect(only({ ...(await profileQuery(reader.db)) }, FIELDS), "a new profile on a device").toEqual(only(NEW_PROFILE_FIELDS, FIELDS))
    expect(only(await exported(), VALUED), 'a new profile exported').toEqual(only(NEW_PROFILE_FIELDS, VALUED))

    let photoBefore: string | null = null
    for (const [round, values] of [FIRST, SECOND].entries()) {
      const expected = only(values, VALUED)
      await updateProfileSettings(writer.db, values)
      const photo = PHOTOS[round]!
      await setProfilePhoto(writer.db, new Blob([fixture(photo.file)], { type: photo.type }))
      const local = await profileQuery(writer.db)
      expect(only({ ...local }, VALUED), 'the local row').toEqual(expected)
      expect(local?.localImageId, 'the picked photo waits on the device').toEqual(expect.any(String))
      expect(await writer.engine.syncOnce()).toBe('synced')

      const server = await served()
      expect(only(server, VALUED), 'the profile view').toEqual(expected)
      expect(server.profileImageId, 'the new photo').toMatch(/^[0-9a-f-]{36}$/)
      expect(server.profileImageId).not.toBe(photoBefore)
      photoBefore = server.profileImageId
      expect(await reader.engine.syncOnce()).toBe('synced')
      expect(only({ ...(await profileQuery(reader.db)) }, FIELDS), "another device's pull").toEqual({ ...expected, profileImageId: server.profileImageId })
      expect(await writer.engine.syncOnce()).toBe('synced')
      expect(only({ ...(await profileQuery(writer.db)) }, FIELDS), 'the writing device after its pull').toEqual({ ...expected, profileImageId: server.profileImageId })

      const shown = await visitor()
      if (!values.isPublic) expect(shown.status, 'switched off: no visitor sees it').toBe(404)
      else {
        const visible = FIELDS.filter((field) => field in shown.json)
        expect(visible.every((field) => VISITOR.includes(field)), `only public fields: ${visible}`).toBe(true)
        expect(only(shown.json, visible), "the visitor's view").toEqual(only(expected, visible))
        expect(shown.json.profileImageUrl).toBe(`/api/uploads/${server.profileImageId}`)
      }
      expect(shown.text, 'the private contact stays private').not.toContain(values.contactInfo)

      const row = await exported()
      expect(only(row, VALUED), 'the export').toEqual(expected)
      expect(row.profileImageUrl).toMatch(new RegExp(`/api/uploads/${server.profileImageId}$`))
    }

    // The one visitor field custom text does not show: a redirect's address.
    await updateProfileSettings(writer.db, { profileType: 'REDIRECT' })
    expect(await writer.engine.syncOnce()).toBe('synced')
    expect((await visitor()).json).toMatchObject({ profileType: 'REDIRECT', redirectUrl: SECOND.redirectUrl })
  })
})
