import { describe, expect, it } from 'vitest'
import type { OutboxEntry, OutboxTarget } from './db.ts'
import { acceptsLaterEdits, changedFields, isImageChange, sameValue, withLaterEdit } from './outbox-rules.ts'

describe('changedFields: what the owner changed', () => {
  const cases: { name: string; before: Record<string, unknown>; after: Record<string, unknown>; expected: Record<string, unknown> }[] = [
    { name: 'nothing changed: nothing', before: { name: 'Kite', price: 9 }, after: { name: 'Kite', price: 9 }, expected: {} },
    { name: 'a rename alone', before: { name: 'Kite', price: 9 }, after: { name: 'Red kite', price: 9 }, expected: { name: 'Red kite' } },
    { name: 'a price alone', before: { name: 'Kite', price: 9 }, after: { name: 'Kite', price: 9.5 }, expected: { price: 9.5 } },
    { name: 'the switch turned off', before: { isPublic: true, description: 'a' }, after: { isPublic: false, description: 'a' }, expected: { isPublic: false } },
    { name: 'false and 0 are values, not "unchanged"', before: { isPublic: true, price: 1 }, after: { isPublic: false, price: 0 }, expected: { isPublic: false, price: 0 } },
    { name: 'undefined means not given', before: { name: 'Kite' }, after: { name: undefined }, expected: {} },
    { name: 'a field the baseline lacks counts as changed', before: {}, after: { brand: 'Acme' }, expected: { brand: 'Acme' } },
    {
      name: 'equal link lists are unchanged',
      before: { socialLinks: [{ platform: 'github', url: 'https://github.com/me' }] },
      after: { socialLinks: [{ platform: 'github', url: 'https://github.com/me' }] },
      expected: {},
    },
    {
      name: 'a reordered link list changed',
      before: { socialLinks: [{ platform: 'a', url: 'https://a.example' }, { platform: 'b', url: 'https://b.example' }] },
      after: { socialLinks: [{ platform: 'b', url: 'https://b.example' }, { platform: 'a', url: 'https://a.example' }] },
      expected: { socialLinks: [{ platform: 'b', url: 'https://b.example' }, { platform: 'a', url: 'https://a.example' }] },
    },
  ]
  for (const { name, before, after, expected } of cases) {
    it(name, () => expect(changedFields(before, after)).toEqual(expected))
  }

  it('sameValue ignores keys that are undefined and tells arrays from objects', () => {
    expect(sameValue({ id: undefined, url: 'x' }, { url: 'x' })).toBe(true)
    expect(sameValue([], {})).toBe(false)
    expect(sameValue(null, {})).toBe(false)
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true)
  })
})

const itemTarget = (kind: 'create' | 'update' | 'delete', fields = ['name']): OutboxTarget => ({ entity: 'item', id: 'x', kind, fields })
const IMAGE = ['storedImageId', 'imageUrl', 'localImageId']

function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq: 1,
    method: 'PUT',
    path: '/api/wishlist-items/x',
    body: { name: 'Kite' },
    idempotencyKey: 'k',
    target: itemTarget('update'),
    imageRef: null,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00.000Z',
    attempts: 0,
    lastError: null,
    ignoreFailure: false,
    ...overrides,
  }
}

describe('which entry a later edit is folded into', () => {
  const cases: { name: string; entry: OutboxEntry; accepts: boolean }[] = [
    { name: 'an unsent text edit', entry: entry(), accepts: true },
    { name: 'an unsent create', entry: entry({ method: 'POST', target: itemTarget('create') }), accepts: true },
    { name: 'unsent profile settings', entry: entry({ path: '/api/profiles', target: { entity: 'profile', fields: ['description'] } }), accepts: true },
    { name: 'an edit handed to a push (its key names this body)', entry: entry({ sent: true }), accepts: false },
    { name: 'a refused edit (waits for Retry or Discard as it is)', entry: entry({ status: 'failed' }), accepts: false },
    { name: 'an image change', entry: entry({ body: { storedImageId: 'pending-image' }, target: itemTarget('update', IMAGE) }), accepts: false },
    { name: 'an entry waiting for its upload', entry: entry({ imageRef: 'blob' }), accepts: false },
    { name: 'a delete', entry: entry({ method: 'DELETE', body: undefined, target: itemTarget('delete', ['*']) }), accepts: false },
    { name: 'a cleanup of an old photo (old outboxes)', entry: entry({ method: 'DELETE', target: { entity: 'upload', id: 'old' } }), accepts: false },
  ]
  for (const { name, entry: candidate, accepts } of cases) {
    it(`${name}: ${accepts ? 'folded in' : 'a new entry'}`, () => expect(acceptsLaterEdits(candidate)).toBe(accepts))
  }

  it('later values win and the entry names the fields of both edits', () => {
    const earlier = entry({ body: { name: 'Kite', price: 9 }, target: itemTarget('update', ['name', 'price']) })
    expect(withLaterEdit(earlier, { name: 'Red kite', brand: 'Sky' }, ['name', 'brand'])).toEqual({
      body: { name: 'Red kite', price: 9, brand: 'Sky' },
      target: itemTarget('update', ['name', 'price', 'brand']),
    })
  })

  it('folded into a create, it stays a create', () => {
    const create = entry({ method: 'POST', body: { id: 'x', name: 'Kite' }, target: itemTarget('create', ['id', 'name']) })
    expect(withLaterEdit(create, { name: 'Red kite' }, ['name'])).toEqual({ body: { id: 'x', name: 'Red kite' }, target: itemTarget('create', ['id', 'name']) })
  })
})

describe('the image lane', () => {
  const cases: { name: string; target: OutboxTarget; image: boolean }[] = [
    { name: "an item's image pick or removal", target: itemTarget('update', IMAGE), image: true },
    { name: 'the profile photo', target: { entity: 'profile', fields: ['profileImageId', 'profileImageUrl', 'localImageId'] }, image: true },
    { name: 'a text edit', target: itemTarget('update', ['name', 'price']), image: false },
    { name: 'a create (old outboxes named localImageId in it)', target: itemTarget('create', ['name', 'localImageId']), image: false },
    { name: 'profile settings', target: { entity: 'profile', fields: ['description', 'isPublic'] }, image: false },
  ]
  for (const { name, target, image } of cases) {
    it(`${name}: ${image ? 'image lane' : 'text lane'}`, () => expect(isImageChange(target)).toBe(image))
  }
})
