import { describe, expect, it } from 'vitest'
import type { WishlistItem } from '../contract/wishlist.ts'
import type { LocalItem, OutboxTarget } from '../local/db.ts'
import { sampleProfile } from '../local/testing.ts'
import type { ScanDay } from '../contract/scans.ts'
import { deletedElsewhereMessage, reconcile, type UnsentEntry } from './reconcile.ts'

const NOW = '2030-01-01T00:00:00.000Z'

const serverItem = (id: string, overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  id,
  name: 'Server name',
  brand: 'Server brand',
  description: 'Server description',
  imageUrl: null,
  productUrl: null,
  price: 10,
  isPurchased: false,
  purchaseStatus: null,
  purchasedPrice: null,
  storedImageId: null,
  ...overrides,
})

const localItem = (id: string, overrides: Partial<LocalItem> = {}): LocalItem => ({
  ...serverItem(id, { name: 'Local name', brand: 'Local brand', price: 20 }),
  position: 7,
  localImageId: null,
  ...overrides,
})

const itemEntry = (seq: number, id: string, kind: 'create' | 'update' | 'delete', fields: string[], body?: unknown): UnsentEntry => ({
  seq,
  target: { entity: 'item', id, kind, fields } satisfies OutboxTarget,
  body,
})

type Case = {
  name: string
  local: LocalItem[]
  unsent: UnsentEntry[]
  items?: WishlistItem[]
  deleted?: string[]
  full?: boolean
  expectItems: Partial<LocalItem>[]
  expectDeleted: string[]
  expectDropped?: number[]
  expectNotices?: string[]
}

const cases: Case[] = [
  {
    name: 'a server edit with nothing pending replaces the local row, keeping its display position',
    local: [localItem('a')],
    unsent: [],
    items: [serverItem('a')],
    expectItems: [{ id: 'a', name: 'Server name', price: 10, position: 7 }],
    expectDeleted: [],
  },
  {
    name: 'same field edited on two devices: the local unsent value stays until it is sent (it then wins on the server)',
    local: [localItem('a')],
    unsent: [itemEntry(1, 'a', 'update', ['name', 'description', 'price', 'brand'])],
    items: [serverItem('a')],
    expectItems: [{ id: 'a', name: 'Local name', price: 20 }],
    expectDeleted: [],
  },
  {
    name: 'different fields on two devices: both survive',
    local: [localItem('a', { storedImageId: 'local-image' })],
    unsent: [itemEntry(1, 'a', 'update', ['storedImageId', 'imageUrl', 'localImageId'])],
    items: [serverItem('a', { name: 'Renamed elsewhere' })],
    expectItems: [{ id: 'a', name: 'Renamed elsewhere', storedImageId: 'local-image' }],
    expectDeleted: [],
  },
  {
    name: 'purchase state always comes from the server, even with a pending edit',
    local: [localItem('a')],
    unsent: [itemEntry(1, 'a', 'update', ['name', 'isPurchased', 'purchasedPrice'])],
    items: [serverItem('a', { isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: 9 })],
    expectItems: [{ id: 'a', name: 'Local name', isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: 9 }],
    expectDeleted: [],
  },
  {
    name: 'delete against edit: the delete wins, the unsent edit is dropped and the editor is told',
    local: [localItem('a')],
    unsent: [itemEntry(3, 'a', 'update', ['name'])],
    deleted: ['a'],
    expectItems: [],
    expectDeleted: ['a'],
    expectDropped: [3],
    expectNotices: [deletedElsewhereMessage('Local name')],
  },
  {
    name: 'a local unsent delete is not undone by a server edit',
    local: [],
    unsent: [itemEntry(4, 'a', 'delete', ['*'])],
    items: [serverItem('a')],
    expectItems: [],
    expectDeleted: [],
  },
  {
    name: 'an item created on another device gets the next display position',
    local: [],
    unsent: [],
    items: [serverItem('new')],
    expectItems: [{ id: 'new', position: 100 }],
    expectDeleted: [],
  },
  {
    name: 'full snapshot: items the server no longer has go, silently when nothing was pending',
    local: [localItem('gone'), localItem('kept')],
    unsent: [],
    items: [serverItem('kept')],
    full: true,
    expectItems: [{ id: 'kept', name: 'Server name' }],
    expectDeleted: ['gone'],
  },
  {
    name: 'full snapshot keeps an item whose create is still in the outbox',
    local: [localItem('offline')],
    unsent: [itemEntry(1, 'offline', 'create', ['id', 'name'])],
    items: [],
    full: true,
    expectItems: [],
    expectDeleted: [],
  },
  {
    name: 'full snapshot (cursor too old for the tombstones): a pending edit of a vanished item is dropped with a notice',
    local: [localItem('a')],
    unsent: [itemEntry(2, 'a', 'update', ['name'])],
    items: [],
    full: true,
    expectItems: [],
    expectDeleted: ['a'],
    expectDropped: [2],
    expectNotices: [deletedElsewhereMessage('Local name')],
  },
]

describe('reconcile: applying the change feed to local rows', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const plan = reconcile(
        { items: testCase.items ?? [], deletedItemIds: testCase.deleted ?? [], purchases: [] },
        { profile: undefined, items: new Map(testCase.local.map((item) => [item.id, item])), unsent: testCase.unsent, nextPosition: 100 },
        testCase.full ?? false,
        NOW,
      )
      expect(plan.putItems).toEqual(testCase.expectItems.map((item) => expect.objectContaining(item)))
      expect(plan.deleteItemIds).toEqual(testCase.expectDeleted)
      expect(plan.dropEntrySeqs).toEqual(testCase.expectDropped ?? [])
      expect(plan.notices.map((notice) => notice.message)).toEqual(testCase.expectNotices ?? [])
    })
  }

  it('profile: fields with unsent entries keep their local value; the rest come from the server', () => {
    const local = sampleProfile({ description: 'Local text', contactInfo: 'old@example.test' })
    const { profile } = reconcile(
      { profile: { ...local, description: 'Server text', contactInfo: 'new@example.test' }, items: [], deletedItemIds: [], purchases: [] },
      { profile: local, items: new Map(), unsent: [{ seq: 1, target: { entity: 'profile', fields: ['description'] } }], nextPosition: 1 },
      false,
      NOW,
    )
    expect(profile).toMatchObject({ description: 'Local text', contactInfo: 'new@example.test' })
  })

  describe('profile links merge link by link (decision 157)', () => {
    const gh = { id: 1, platform: 'GitHub', url: 'https://github.com/a' }
    const ig = { id: 2 ** 40, platform: 'Instagram', url: 'https://instagram.com/a' }
    const xx = { id: 3, platform: 'X', url: 'https://x.com/a' }
    const linkEntry = (seq: number, body: unknown): UnsentEntry => ({ seq, target: { entity: 'profile', fields: ['socialLinks'] }, body })
    const cases: { name: string; server: (typeof gh)[]; local: (typeof gh)[]; unsent: UnsentEntry[]; expect: string[] }[] = [
      { name: 'nothing unsent: the server’s links', server: [gh, xx], local: [ig], unsent: [], expect: ['GitHub', 'X'] },
      { name: 'an unsent add shows after the links another device added', server: [gh], local: [ig], unsent: [linkEntry(1, { socialLinkChanges: { add: [ig] } })], expect: ['GitHub', 'Instagram'] },
      { name: 'an add the server already has is not doubled', server: [gh, ig], local: [gh, ig], unsent: [linkEntry(1, { socialLinkChanges: { add: [ig] } })], expect: ['GitHub', 'Instagram'] },
      { name: 'an unsent removal of one link keeps another device’s edit of the other', server: [{ ...gh, platform: 'Code' }, xx], local: [gh], unsent: [linkEntry(1, { socialLinkChanges: { remove: [3] } })], expect: ['Code'] },
      { name: 'entries apply in order', server: [gh], local: [], unsent: [linkEntry(1, { socialLinkChanges: { add: [ig] } }), linkEntry(2, { socialLinkChanges: { remove: [1] } })], expect: ['Instagram'] },
      { name: 'an older version’s whole list keeps the local links, as before', server: [gh, xx], local: [ig], unsent: [linkEntry(1, { socialLinks: [ig] })], expect: ['Instagram'] },
    ]
    it.each(cases)('$name', ({ server, local, unsent, expect: expected }) => {
      const localProfile = sampleProfile({ socialLinks: local })
      const { profile } = reconcile(
        { profile: { ...localProfile, socialLinks: server }, items: [], deletedItemIds: [], purchases: [] },
        { profile: localProfile, items: new Map(), unsent, nextPosition: 1 },
        false,
        NOW,
      )
      expect(profile?.socialLinks.map((link) => link.platform)).toEqual(expected)
    })
  })

  it('a full snapshot replaces the purchase list; a delta adds to it', () => {
    const purchase = { id: 'p', wishlistItemId: 'a', purchasedAt: NOW, priceAtPurchase: 5 }
    const snapshot = { profile: undefined, items: new Map(), unsent: [], nextPosition: 1 }
    const changes = { items: [], deletedItemIds: [], purchases: [purchase] }
    expect(reconcile(changes, snapshot, true, NOW).purchases).toEqual({ replaceAll: true, put: [purchase] })
    expect(reconcile(changes, snapshot, false, NOW).purchases).toEqual({ replaceAll: false, put: [purchase] })
  })

  const day = (date: string, scans: number, visitors: number): ScanDay => ({ day: date, scans, visitors })
  const scanCases: { name: string; scans: ScanDay[] | undefined; full: boolean; expect: ScanDay[] | undefined }[] = [
    { name: 'an answer without scans (an older server, or a page with more to come) keeps the stored days', scans: undefined, full: false, expect: undefined },
    { name: 'a snapshot without scans keeps them too: absent means unknown, not zero', scans: undefined, full: true, expect: undefined },
    {
      name: 'a delta carrying scans replaces the stored days (counts change without any write of the owner)',
      scans: [day('2026-11-01', 3, 2), day('2026-11-02', 0, 0)],
      full: false,
      expect: [day('2026-11-01', 3, 2), day('2026-11-02', 0, 0)],
    },
    { name: 'an empty window replaces the stored days with none', scans: [], full: true, expect: [] },
    {
      name: 'one row per day, the later entry winning, oldest first',
      scans: [day('2026-11-03', 1, 1), day('2026-11-01', 2, 2), day('2026-11-03', 7, 4)],
      full: false,
      expect: [day('2026-11-01', 2, 2), day('2026-11-03', 7, 4)],
    },
  ]
  for (const testCase of scanCases) {
    it(`scans: ${testCase.name}`, () => {
      const snapshot = { profile: undefined, items: new Map(), unsent: [], nextPosition: 1 }
      const plan = reconcile({ items: [], deletedItemIds: [], purchases: [], scans: testCase.scans }, snapshot, testCase.full, NOW)
      expect(plan.scanDays).toEqual(testCase.expect)
    })
  }
})
