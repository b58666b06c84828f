// Property: no string in any text field of any write route makes the server answer 500; control characters get a clear 400.
import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { ITEM_FIELD_NAMES } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, signUpOwner, validItem, type Owner } from './owner-helpers.ts'

type Call = { method: string; path: string; body: unknown; token?: string; idempotent?: boolean }
/** One text field of one write route: the call with `text` in that field and valid values everywhere else. */
type Field = { route: string; field: string; call: (text: string, owner: Owner, itemId: string) => Call; controlRefused?: boolean }

const recipient = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Berlin', country_code: 'DE', state_code: '', zip: '10115' }
const lines = [{ variant_id: 4012, quantity: 1 }]
/** Every editable item field but the one number. */
const itemFields = ITEM_FIELD_NAMES.filter((field) => field !== 'price')
const profileFields = ['description', 'customText', 'contactInfo', 'redirectUrl'] as const
/** URL fields answer their own message (normalizeUrl refuses controls before the scheme, percent-encodes the rest). */
const URL_FIELDS = new Set(['imageUrl', 'productUrl', 'redirectUrl', 'socialLinks[].url'])
const recipientFields = ['name', 'address1', 'city', 'country_code', 'state_code', 'zip'] as const

const FIELDS: Field[] = [
  ...itemFields.map((field): Field => ({
    route: 'POST /api/wishlist-items/profile/:profileId',
    field,
    controlRefused: true,
    call: (text, owner) => ({ method: 'POST', path: `/api/wishlist-items/profile/${owner.profileId}`, body: validItem({ [field]: text }), token: owner.token }),
  })),
  ...itemFields.map((field): Field => ({
    route: 'PUT /api/wishlist-items/:id',
    field,
    controlRefused: true,
    call: (text, owner, itemId) => ({ method: 'PUT', path: `/api/wishlist-items/${itemId}`, body: { [field]: text }, token: owner.token }),
  })),
  ...profileFields.map((field): Field => ({
    route: 'PUT /api/profiles',
    field,
    controlRefused: true,
    call: (text, owner) => ({ method: 'PUT', path: '/api/profiles', body: { [field]: text }, token: owner.token, idempotent: true }),
  })),
  ...(['platform', 'url'] as const).map((field): Field => ({
    route: 'PUT /api/profiles',
    field: `socialLinks[].${field}`,
    controlRefused: true,
    call: (text, owner) => ({
      method: 'PUT',
      path: '/api/profiles',
      body: { socialLinks: [{ platform: 'GitHub', url: 'https://github.com/ada', [field]: text }] },
      token: owner.token,
      idempotent: true,
    }),
  })),
  {
    route: 'POST /api/sync/push',
    field: 'operations[].body.name',
    call: (text, owner) => ({
      method: 'POST',
      path: '/api/sync/push',
      body: { deviceId: 'device-property', operations: [{ method: 'POST', path: `/api/wishlist-items/profile/${owner.profileId}`, body: validItem({ name: text }), idempotencyKey: newKey(), mutationId: 1 }] },
      token: owner.token,
    }),
  },
  ...(['deviceId', 'path', 'idempotencyKey'] as const).map((field): Field => ({
    route: 'POST /api/sync/push',
    field,
    call: (text, owner) => {
      const operation = { method: 'PUT', path: '/api/profiles', body: { description: 'Pushed' }, idempotencyKey: newKey(), ...(field === 'deviceId' ? {} : { [field]: text }) }
      return { method: 'POST', path: '/api/sync/push', body: { deviceId: field === 'deviceId' ? text : 'device-property', operations: [operation] }, token: owner.token }
    },
  })),
  ...(['username', 'email', 'password'] as const).map((field): Field => ({
    route: 'POST /api/auth/register',
    field,
    call: (text) => ({ method: 'POST', path: '/api/auth/register', body: { username: `p${crypto.randomUUID().slice(0, 8)}`, email: `${crypto.randomUUID()}@example.test`, password: 'correct horse 42', [field]: text } }),
  })),
  ...(['email', 'password'] as const).map((field): Field => ({
    route: 'POST /api/auth/login',
    field,
    call: (text, owner) => ({ method: 'POST', path: '/api/auth/login', body: { email: owner.email, password: 'wrong password', [field]: text } }),
  })),
  { route: 'POST /api/auth/refresh', field: 'refreshToken', call: (text) => ({ method: 'POST', path: '/api/auth/refresh', body: { refreshToken: text } }) },
  { route: 'POST /api/auth/logout', field: 'refreshToken', call: (text) => ({ method: 'POST', path: '/api/auth/logout', body: { refreshToken: text } }) },
  ...(['currentPassword', 'newPassword'] as const).map((field): Field => ({
    route: 'PUT /api/users/me',
    field,
    call: (text, owner) => ({ method: 'PUT', path: '/api/users/me', body: { currentPassword: 'wrong password', newPassword: 'another one 42', [field]: text }, token: owner.token }),
  })),
  { route: 'PUT /api/users/me/password', field: 'newPassword', call: (text, owner) => ({ method: 'PUT', path: '/api/users/me/password', body: { newPassword: text }, token: owner.token }) },
  ...(['currentPassword', 'confirmUsername'] as const).map((field): Field => ({
    route: 'DELETE /api/users/me',
    field,
    call: (text, owner) => ({ method: 'DELETE', path: '/api/users/me', body: { currentPassword: 'wrong password', [field]: text }, token: owner.token }),
  })),
  ...(['name', 'email', 'message', 'captchaToken'] as const).map((field): Field => ({
    route: 'POST /api/public/support/contact',
    field,
    controlRefused: field === 'name' || field === 'message',
    call: (text) => ({ method: 'POST', path: '/api/public/support/contact', body: { name: 'Ada', email: 'ada@example.test', message: 'Hello there, a question.', [field]: text } }),
  })),
  ...recipientFields.map((field): Field => ({
    route: 'POST /api/public/printful/shipping',
    field: `recipient.${field}`,
    controlRefused: field !== 'country_code',
    call: (text, owner) => ({ method: 'POST', path: '/api/public/printful/shipping', body: { recipient: { ...recipient, [field]: text }, items: lines }, token: owner.token }),
  })),
  {
    route: 'POST /api/public/printful/orders',
    field: 'shipping',
    controlRefused: true,
    call: (text, owner) => ({ method: 'POST', path: '/api/public/printful/orders', body: { recipient, items: lines, shipping: text }, token: owner.token, idempotent: true }),
  },
  {
    route: 'POST /api/public/profiles/:shareableId/purchases',
    field: 'wishlistItemId',
    call: (text, owner) => ({ method: 'POST', path: `/api/public/profiles/${owner.shareableId}/purchases`, body: { wishlistItemId: text }, idempotent: true }),
  },
]

/** Arbitrary strings, with control characters, lone surrogates and the characters PostgreSQL refuses made likely. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001f', '\u007f', '\ud800', 'a', 'é', ' ', '/', '%', '\\'), maxLength: 12 }),
  fc.string({ maxLength: 20 }).map((text) => `Ok name ${text}\u0000`),
)

describeEachDatabase('text fields', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let itemId: string
  beforeAll(async () => {
    // Roomy support limits: the property sends far more messages than one address may.
    const roomy = { max: 100_000, windowMs: 60_000 }
    t = new TestApp(await getDatabase(), { supportOptions: { limits: { perAddress: roomy, unverifiedPerAddress: roomy } } })
    owner = await signUpOwner(t, 'property')
    itemId = (await createItem(t, owner)).id
  })

  async function send(call: Call, app = t) {
    const headers = call.idempotent || call.method === 'POST' ? { 'Idempotency-Key': newKey() } : undefined
    return app.request(call.method, call.path, { body: call.body, token: call.token, headers })
  }

  it('no string in any text field of any write route is answered 500', async () => {
    for (const field of FIELDS) {
      await fc.assert(
        fc.asyncProperty(anyText, async (text) => {
          const res = await send(field.call(text, owner, itemId))
          const results: { status: number }[] = res.json?.results ?? []
          expect({ route: field.route, field: field.field, text, status: res.status, results: results.map((r) => r.status) }).toEqual(
            expect.objectContaining({ status: expect.toSatisfy((status: number) => status < 500) }),
          )
          for (const result of results) expect(result.status, `${field.route} ${field.field} ${JSON.stringify(text)}`).toBeLessThan(500)
        }),
        { numRuns: 15 },
      )
    }
  }, 600_000)

  it('a control character or half a surrogate pair in a text field gets a clear 400 naming it', async () => {
    // Its own rate-limit namespace: the property above used up the print provider's per-owner limits.
    const fresh = new TestApp(t.deps.database)
    for (const field of FIELDS.filter((f) => f.controlRefused && !URL_FIELDS.has(f.field))) {
      for (const text of ['Pasted\u0000text', 'Half a \ud800 pair']) {
        const res = await send(field.call(text, owner, itemId), fresh)
        expect({ route: field.route, field: field.field, text, status: res.status }).toEqual({ route: field.route, field: field.field, text, status: 400 })
        expect(res.json.message).toMatch(/must not contain control characters/)
      }
    }
  })
})
