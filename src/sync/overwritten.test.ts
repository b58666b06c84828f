import { describe, expect, it } from 'vitest'
import type { WishlistItem } from '../contract/wishlist.ts'
import type { OutboxEntry } from '../local/db.ts'
import { sampleProfile } from '../local/testing.ts'
import { ACKNOWLEDGED_KEEP_MS, ACKNOWLEDGED_MAX, acknowledgedBy, overwrittenFields, remember, type Acknowledged } from './overwritten.ts'
import type { UnsentEntry } from './reconcile.ts'

const NOW = '2030-01-08T00:00:00.000Z'
const AN_HOUR_AGO = '2030-01-07T23:00:00.000Z'

const item = (overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  id: 'cam',
  name: 'Camera',
  brand: 'Canon',
  description: '',
  imageUrl: null,
  productUrl: null,
  price: 100,
  isPurchased: false,
  purchaseStatus: null,
  purchasedPrice: null,
  storedImageId: null,
  ...overrides,
})

const wrote = (field: string, value: unknown, itemId: string | null = 'cam', at = AN_HOUR_AGO): Acknowledged => ({ itemId, field, value, at })
const edit = (fields: string[], id = 'cam', kind: 'update' | 'delete' = 'update'): UnsentEntry => ({ seq: 1, target: { entity: 'item', id, kind, fields } })

type Case = {
  name: string
  memory: Acknowledged[]
  items?: WishlistItem[]
  profile?: Record<string, unknown>
  deleted?: string[]
  unsent?: UnsentEntry[]
  expectNotices: string[]
  expectKept: Acknowledged[]
}

const cases: Case[] = [
  {
    name: "this device's own echo: the server holds what it sent, nothing is said and the value stays remembered",
    memory: [wrote('price', 100)],
    items: [item()],
    expectNotices: [],
    expectKept: [wrote('price', 100)],
  },
  {
    name: 'another device wrote the field after this one: the owner is told, once (the field is forgotten)',
    memory: [wrote('price', 100)],
    items: [item({ price: 120 })],
    expectNotices: ["'Camera' — Price was changed on another device (now €120.00)."],
    expectKept: [],
  },
  {
    name: 'another device changed a field this one did not write: an ordinary pull, nothing said',
    memory: [wrote('price', 100)],
    items: [item({ brand: 'Nikon', description: 'New' })],
    expectNotices: [],
    expectKept: [wrote('price', 100)],
  },
  {
    name: 'nothing remembered (never written here, or forgotten): nothing said whatever changed',
    memory: [],
    items: [item({ price: 120, name: 'Camera 2' })],
    expectNotices: [],
    expectKept: [],
  },
  {
    name: 'several fields of one item: one notice naming them all, with their new values',
    memory: [wrote('price', 100), wrote('brand', 'Canon'), wrote('name', 'Camera')],
    items: [item({ price: 120, brand: 'Nikon' })],
    expectNotices: ["'Camera' — Price and Brand were changed on another device (now €120.00 and 'Nikon')."],
    expectKept: [wrote('name', 'Camera')],
  },
  {
    name: 'the name itself changed: the notice calls the item by its new name',
    memory: [wrote('name', 'Camera')],
    items: [item({ name: 'Old camera' })],
    expectNotices: ["'Old camera' — Name was changed on another device (now 'Old camera')."],
    expectKept: [],
  },
  {
    name: 'an unsent edit of the field here: this value still goes and wins, so nothing is lost yet',
    memory: [wrote('price', 100)],
    items: [item({ price: 120 })],
    unsent: [edit(['price'])],
    expectNotices: [],
    expectKept: [wrote('price', 100)],
  },
  {
    name: 'an unsent edit of another field does not hide the overwritten one',
    memory: [wrote('price', 100)],
    items: [item({ price: 120 })],
    unsent: [edit(['brand'])],
    expectNotices: ["'Camera' — Price was changed on another device (now €120.00)."],
    expectKept: [],
  },
  {
    name: 'an unsent delete of the item: it stays gone here, nothing said',
    memory: [wrote('price', 100)],
    items: [item({ price: 120 })],
    unsent: [edit(['*'], 'cam', 'delete')],
    expectNotices: [],
    expectKept: [wrote('price', 100)],
  },
  {
    name: 'the item was deleted: its values are forgotten (the deleted-elsewhere rule speaks for it)',
    memory: [wrote('price', 100), wrote('price', 5, 'other')],
    deleted: ['cam'],
    expectNotices: [],
    expectKept: [wrote('price', 5, 'other')],
  },
  {
    name: 'a value written longer ago than the window is forgotten, not compared',
    memory: [wrote('price', 100, 'cam', new Date(Date.parse(NOW) - ACKNOWLEDGED_KEEP_MS - 1).toISOString())],
    items: [item({ price: 120 })],
    expectNotices: [],
    expectKept: [],
  },
  {
    name: 'an address this device cleared is remembered as the server stores it (none) and matches its echo',
    memory: [wrote('productUrl', null)],
    items: [item()],
    expectNotices: [],
    expectKept: [wrote('productUrl', null)],
  },
  {
    name: 'another item with the same field is not this one',
    memory: [wrote('price', 100, 'other')],
    items: [item({ price: 120 })],
    expectNotices: [],
    expectKept: [wrote('price', 100, 'other')],
  },
  {
    name: 'the profile: named as such; long text is shortened, a cleared one is empty, a switch on or off',
    memory: [wrote('description', 'Mine', null), wrote('contactInfo', 'me@example.test', null), wrote('isPublic', true, null)],
    profile: { description: 'A much longer description written on the laptop meanwhile', contactInfo: '', isPublic: false },
    expectNotices: [
      "Your profile — Description, Contact info and Visibility were changed on another device (now 'A much longer description written on th…', empty and off).",
    ],
    expectKept: [],
  },
  {
    name: "a profile field with an unsent entry here is skipped, as an item's",
    memory: [wrote('description', 'Mine', null)],
    profile: { description: 'Theirs' },
    unsent: [{ seq: 3, target: { entity: 'profile', fields: ['description'] } }],
    expectNotices: [],
    expectKept: [wrote('description', 'Mine', null)],
  },
]

describe('overwrittenFields: telling this device a field it wrote holds another device’s value (decision 201)', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const profile = testCase.profile && { ...sampleProfile(), ...testCase.profile }
      const check = overwrittenFields({ items: testCase.items ?? [], profile }, testCase.deleted ?? [], testCase.memory, testCase.unsent ?? [], NOW)
      expect(check.notices.map((notice) => notice.message)).toEqual(testCase.expectNotices)
      expect(check.memory).toEqual(testCase.expectKept)
    })
  }

  it('a notice names its item (none for the profile) and is a changed-elsewhere notice', () => {
    const check = overwrittenFields({ items: [item({ price: 1 })] }, [], [wrote('price', 100)], [], NOW)
    expect(check.notices).toEqual([{ kind: 'changed-elsewhere', itemId: 'cam', message: expect.any(String), createdAt: NOW }])
  })
})

const entry = (overrides: Partial<OutboxEntry>): Pick<OutboxEntry, 'method' | 'target' | 'body'> => ({
  method: 'PUT',
  target: { entity: 'item', id: 'cam', kind: 'update', fields: [] },
  body: {},
  ...overrides,
})

describe('acknowledgedBy: what an acknowledged entry wrote', () => {
  const at = AN_HOUR_AGO
  it.each([
    { name: "an item edit's typed fields, an address as stored ('' is none)", entry: entry({ body: { price: 100, productUrl: '', brand: 'Canon' } }), expect: [wrote('brand', 'Canon'), wrote('price', 100), wrote('productUrl', null)] },
    { name: 'not a create: another device saw the created value before it could change it', entry: entry({ method: 'POST', target: { entity: 'item', id: 'cam', kind: 'create', fields: ['name'] }, body: { id: 'cam', name: 'Camera' } }), expect: [] },
    { name: 'not an image pick (a lane of its own)', entry: entry({ body: { storedImageId: 'img' } }), expect: [] },
    { name: 'not a delete', entry: entry({ method: 'DELETE', target: { entity: 'item', id: 'cam', kind: 'delete', fields: ['*'] }, body: undefined }), expect: [] },
    {
      name: 'a profile save: its plain fields, not the link changes (merged link by link) nor the photo',
      entry: entry({ target: { entity: 'profile', fields: ['description', 'socialLinks'] }, body: { description: 'Mine', socialLinkChanges: { add: [] }, isPublic: false } }),
      expect: [wrote('description', 'Mine', null), wrote('isPublic', false, null)],
    },
    { name: 'not the photo', entry: entry({ target: { entity: 'profile', fields: ['profileImageId'] }, body: { profileImageId: 'img' } }), expect: [] },
  ])('$name', ({ entry: given, expect: expected }) => {
    expect(acknowledgedBy(given, at)).toEqual(expected)
  })
})

describe('remember', () => {
  it('a newer value of a field replaces the older one; other fields and items stay', () => {
    const memory = [wrote('price', 100), wrote('brand', 'Canon'), wrote('price', 7, 'other')]
    expect(remember(memory, [wrote('price', 120, 'cam', NOW)])).toEqual([wrote('brand', 'Canon'), wrote('price', 7, 'other'), wrote('price', 120, 'cam', NOW)])
  })

  it('keeps only the newest ACKNOWLEDGED_MAX', () => {
    const many = Array.from({ length: ACKNOWLEDGED_MAX + 3 }, (_, index) => wrote('price', index, `item-${index}`))
    const kept = remember([], many)
    expect(kept).toHaveLength(ACKNOWLEDGED_MAX)
    expect(kept[0]?.itemId).toBe('item-3')
  })
})
