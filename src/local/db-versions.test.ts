import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { CURSOR_SYNCED_TABLES, SCHEMA_VERSIONS, openOwnerDatabase, type SchemaVersion } from './db.ts'
import { pullChanges } from '../sync/pull.ts'
import type { ApiRequest, ApiResponse, Transport } from '../sync/transport.ts'
import { freshDatabase, sampleItemFields, seedProfile } from './testing.ts'
import { createItem, updateProfileSettings } from './writes.ts'
import { writeMeta } from './meta.ts'
import type { Order } from '../contract/order.ts'

/**
 * One test per schema upgrade: it writes rows with the code of version N-1, closes, opens with every version and
 * checks the rows survived and were rewritten. The guard below fails when a version is added without its test.
 */
const upgradeTests: Record<number, () => Promise<void>> = {
  2: async () => {
    // Version 1 data: a profile, an item with its outbox entry, a purchase and the cursor.
    const db = freshDatabase('v1-to-v2', { versions: versionsUpTo(1) })
    await seedProfile(db)
    const itemId = await createItem(db, sampleItemFields())
    await db.purchases.put({ id: 'p1', wishlistItemId: itemId, purchasedAt: '2026-11-01T10:00:00.000Z', priceAtPurchase: 12.5 })
    await writeMeta(db, 'cursor', 7)
    db.close()

    const reopened = openOwnerDatabase(db.name, { versions: versionsUpTo(2) })
    await reopened.open()
    expect(reopened.verno).toBe(2)
    expect((await reopened.items.get(itemId))?.name).toBe('Blue bike')
    expect(await reopened.outbox.count()).toBe(1)
    expect((await reopened.purchases.get('p1'))?.priceAtPurchase).toBe(12.5)
    // Orders are synced by the cursor: the upgrade resets it (the pull after it: the baseline test below).
    expect((await reopened.meta.get('cursor'))?.value).toBe(0)
    // The new tables start empty and take orders (newest first by createdAt) and the remembered recipient.
    expect(await reopened.orders.count()).toBe(0)
    await reopened.orders.bulkPut([sampleOrder('o1', '2026-11-02T00:00:00.000Z'), sampleOrder('o2', '2026-11-03T00:00:00.000Z')])
    expect((await reopened.orders.orderBy('createdAt').reverse().toArray()).map((o) => o.id)).toEqual(['o2', 'o1'])
    await reopened.orderDrafts.put({ key: 'recipient', value: { name: 'Ada', address1: '1 Main', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' } })
    expect(await reopened.orderDrafts.get('recipient')).toMatchObject({ value: { city: 'Austin' } })
    reopened.close()
  },
  3: async () => {
    // Version 2 data: a profile, an item with its outbox entry, an order, the remembered recipient and the cursor.
    const db = freshDatabase('v2-to-v3', { versions: versionsUpTo(2) })
    await seedProfile(db)
    const itemId = await createItem(db, sampleItemFields())
    await db.orders.put(sampleOrder('o1', '2026-11-02T00:00:00.000Z'))
    await db.orderDrafts.put({ key: 'recipient', value: { name: 'Ada', address1: '1 Main', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' } })
    await writeMeta(db, 'cursor', 9)
    db.close()

    const reopened = openOwnerDatabase(db.name, { versions: versionsUpTo(3) })
    await reopened.open()
    expect(reopened.verno).toBe(3)
    expect((await reopened.items.get(itemId))?.name).toBe('Blue bike')
    expect(await reopened.outbox.count()).toBe(1)
    expect((await reopened.orders.get('o1'))?.totalCents).toBe(3199)
    expect(await reopened.orderDrafts.get('recipient')).toMatchObject({ value: { zip: '78701' } })
    expect((await reopened.meta.get('cursor'))?.value).toBe(9)
    // The new table starts empty and keeps one row per UTC day, read back oldest first.
    expect(await reopened.scanDays.count()).toBe(0)
    await reopened.scanDays.bulkPut([
      { day: '2026-11-03', scans: 4, visitors: 2 },
      { day: '2026-11-02', scans: 1, visitors: 1 },
      { day: '2026-11-03', scans: 5, visitors: 3 },
    ])
    expect(await reopened.scanDays.toArray()).toEqual([
      { day: '2026-11-02', scans: 1, visitors: 1 },
      { day: '2026-11-03', scans: 5, visitors: 3 },
    ])
    reopened.close()
  },
}

/**
 * A change feed holding one order created at counter 5, whose profile answers the snapshot. A cursor of 5 or more
 * gets an empty delta: the order was already pulled past.
 */
function feedWith(order: Order, asked: string[]): Transport {
  const send = async (request: ApiRequest): Promise<ApiResponse> => {
    const cursor = Number(new URL(request.path, 'http://x').searchParams.get('cursor'))
    asked.push(`cursor=${cursor}`)
    const snapshot = cursor === 0
    return {
      status: 200,
      body: { cursor: 12, hasMore: false, reset: snapshot, items: [], deletedItemIds: [], purchases: [], orders: cursor < 5 ? [order] : [] },
    }
  }
  return { send } as unknown as Transport
}

function sampleOrder(id: string, createdAt: string): Order {
  return {
    id,
    provider: 'demo',
    providerOrderId: `demo-${id}`,
    externalId: id,
    status: 'draft',
    recipient: { name: 'Ada', address1: '1 Main', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' },
    lines: [{ variantId: 4011, syncVariantId: 900101, productName: 'Tee', size: 'M', quantity: 1, unitPriceCents: 2450 }],
    shippingRateId: 'STANDARD',
    shippingName: 'Flat',
    subtotalCents: 2450,
    shippingCents: 749,
    totalCents: 3199,
    currency: 'EUR',
    trackingNumber: null,
    trackingUrl: null,
    carrier: null,
    createdAt,
    updatedAt: createdAt,
  }
}

const versionsUpTo = (version: number) => SCHEMA_VERSIONS.filter((schema) => schema.version <= version)

describe('local database versions', () => {
  it('every version that adds a table the feed fills by the cursor resets the cursor', () => {
    for (const [index, schema] of SCHEMA_VERSIONS.entries()) {
      const before = Object.keys(SCHEMA_VERSIONS[index - 1]?.stores ?? {})
      const added = Object.keys(schema.stores).filter((table) => !before.includes(table) && CURSOR_SYNCED_TABLES.includes(table))
      if (index > 0) expect({ version: schema.version, resets: schema.addsSyncedTables ?? [] }).toEqual({ version: schema.version, resets: added })
    }
  })

  it('every version after the first has an upgrade test with real rows of the version before', () => {
    const upgraded = SCHEMA_VERSIONS.slice(1).map((schema) => schema.version)
    expect(Object.keys(upgradeTests).map(Number)).toEqual(upgraded)
  })

  for (const [version, test] of Object.entries(upgradeTests)) it(`upgrades real version ${Number(version) - 1} data to ${version}`, test)

  it('version 1 keeps real owner data across a reopen to the latest version, and the pull after it brings what version 1 pulled past', async () => {
    const db = freshDatabase('v1', { versions: versionsUpTo(1) })
    await seedProfile(db)
    const itemId = await createItem(db, sampleItemFields())
    await updateProfileSettings(db, { description: 'Changed offline' })
    await writeMeta(db, 'cursor', 42)
    db.close()

    const reopened = openOwnerDatabase(db.name)
    await reopened.open()
    expect(reopened.verno).toBe(SCHEMA_VERSIONS.at(-1)?.version)
    expect((await reopened.items.get(itemId))?.name).toBe('Blue bike')
    expect(await reopened.outbox.count()).toBe(2)
    // Version 2 added orders, which the feed fills by the cursor: the cursor went back to 0, so the next pull is a
    // snapshot that brings the order the version-1 app pulled past (it had no table to keep it in).
    expect((await reopened.meta.get('cursor'))?.value).toBe(0)
    const asked: string[] = []
    await pullChanges(reopened, feedWith(sampleOrder('o0', '2026-10-30T00:00:00.000Z'), asked))
    expect(asked).toEqual(['cursor=0'])
    expect((await reopened.orders.toArray()).map((order) => order.id)).toEqual(['o0'])
    // The snapshot keeps the unsent changes: the item and the offline description are still there and queued.
    expect(await reopened.outbox.count()).toBe(2)
    expect((await reopened.items.get(itemId))?.name).toBe('Blue bike')
    expect((await reopened.profile.toCollection().first())?.description).toBe('Changed offline')
    expect((await reopened.meta.get('cursor'))?.value).toBe(12)
    reopened.close()
  })

  it("an old tab closes its connection and asks for a reload when a newer version opens (Dexie 'versionchange')", async () => {
    let outdated = 0
    const oldTab = freshDatabase('versionchange', { onOutdated: () => (outdated += 1) })
    await oldTab.open()
    const next: SchemaVersion = { version: 1000, stores: { ...SCHEMA_VERSIONS.at(-1)?.stores, scratch: 'id' } }
    const newTab = openOwnerDatabase(oldTab.name, { versions: [...SCHEMA_VERSIONS, next] })
    await newTab.open()
    expect(newTab.verno).toBe(1000)
    expect(outdated).toBe(1)
    expect(oldTab.isOpen()).toBe(false)
    newTab.close()
  })
})
