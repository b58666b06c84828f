// Every JSON body is read the same way, whatever the route (server/http/http.ts readJsonBody): JSON sent under another
// Content-Type is 415, never read as an empty body; objects and arrays nested past REQUEST_BODY_DEPTH_MAX are 400;
// bodiless requests and multipart uploads are untouched.
import { beforeAll, expect, it } from 'vitest'
import { REQUEST_BODY_DEPTH_MAX, REQUEST_BODY_MESSAGES } from '../../src/contract/request-body.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner, validItem } from './owner-helpers.ts'
import { fixture, upload } from './upload-helpers.ts'

/** `levels` arrays inside each other around a number, as JSON text: [[[1]]] has three. */
const nestedArrays = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels)

/** The same JSON text under each way of not declaring it: text/plain, a form, and no Content-Type at all. */
const undeclared = (json: string): { rawBody: BodyInit; headers: Record<string, string> }[] => [
  { rawBody: json, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } },
  { rawBody: json, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  // Bytes, not a string: fetch labels a string body text/plain by itself.
  { rawBody: new TextEncoder().encode(json), headers: {} },
]

describeEachDatabase('JSON request bodies', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'json-body')
  })
  const description = async () => (await t.request('GET', '/api/profiles', { token: owner.token })).json.description

  it(`PUT /api/profiles with JSON not declared as JSON is 415 '${REQUEST_BODY_MESSAGES.notJson}', and nothing is saved`, async () => {
    const before = await description()
    for (const options of undeclared(JSON.stringify({ description: 'Saved without a Content-Type' }))) {
      const res = await t.request('PUT', '/api/profiles', { token: owner.token, ...options })
      expect(res.status, JSON.stringify(options.headers)).toBe(415)
      expect(res.json).toEqual({ message: REQUEST_BODY_MESSAGES.notJson })
    }
    expect(await description()).toBe(before)
  })

  it('item, auth and public routes answer the same 415', async () => {
    const item = await createItem(t, owner)
    const routes: [string, string, unknown][] = [
      ['POST', `/api/wishlist-items/profile/${owner.profileId}`, validItem()],
      ['PUT', `/api/wishlist-items/${item.id}`, { name: 'Renamed shoes' }],
      ['POST', '/api/auth/login', { email: owner.email, password: owner.password }],
      ['POST', `/api/public/profiles/${owner.shareableId}/purchases`, { wishlistItemId: item.id }],
      ['DELETE', '/api/users/me/google', { currentPassword: owner.password }],
    ]
    for (const [method, path, body] of routes) {
      for (const options of undeclared(JSON.stringify(body))) {
        const res = await t.request(method, path, { token: owner.token, ...options })
        expect(res.status, `${method} ${path} ${JSON.stringify(options.headers)}`).toBe(415)
        expect(res.json.message).toBe(REQUEST_BODY_MESSAGES.notJson)
      }
    }
    expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json.name).toBe(item.name)
  })

  it('a body nested 200,000 arrays deep in an extra field is 400 with its message on PUT /api/profiles; an item one level past the bound too', async () => {
    const deep = `{"description":"Deep","extra":${nestedArrays(200_000)}}`
    const res = await t.request('PUT', '/api/profiles', { token: owner.token, rawBody: deep, headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: REQUEST_BODY_MESSAGES.tooDeep })
    expect(await description()).not.toBe('Deep')
    const item = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
      token: owner.token,
      rawBody: JSON.stringify({ ...validItem(), extra: JSON.parse(nestedArrays(REQUEST_BODY_DEPTH_MAX)) }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(item.status).toBe(400)
    expect(item.json.message).toBe(REQUEST_BODY_MESSAGES.tooDeep)
  })

  it(`a body nested ${REQUEST_BODY_DEPTH_MAX} levels (the item itself is one) is read as usual`, async () => {
    const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
      token: owner.token,
      body: { ...validItem(), extra: JSON.parse(nestedArrays(REQUEST_BODY_DEPTH_MAX - 1)) },
    })
    expect(res.status).toBe(201)
  })

  it('a scan report (text/plain by design) nested too deep is 400 with the same message', async () => {
    const res = await t.request('POST', `/api/public/profiles/${owner.shareableId}/scans`, {
      // Within its 64 KB bound.
      rawBody: `{"extra":${nestedArrays(10_000)}}`,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(REQUEST_BODY_MESSAGES.tooDeep)
  })

  it('bodiless requests, JSON with a charset and multipart uploads are read as before', async () => {
    const item = await createItem(t, owner)
    expect((await t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token })).status).toBe(204)
    const typed = await t.request('PUT', '/api/profiles', {
      token: owner.token,
      rawBody: JSON.stringify({ description: 'With a charset' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(typed.status).toBe(200)
    expect(await description()).toBe('With a charset')
    expect((await upload(t, owner.token, fixture('small.png'))).status).toBe(201)
  })
})
