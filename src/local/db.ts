// The owner's local Dexie database: tables, their numbered schema versions and the typed rows they hold.
import { Dexie, type EntityTable, type Transaction } from 'dexie'
import { DATABASE_OUTDATED_EVENT } from '../contract/names.ts'
import type { Profile } from '../contract/profile.ts'
import type { Order } from '../contract/order.ts'
import type { PurchaseRecord } from '../contract/purchase.ts'
import type { ScanDay } from '../contract/scans.ts'
import type { WishlistItem } from '../contract/wishlist.ts'

export const DEFAULT_DATABASE_NAME = 'qrtee-owner'

/** The owner's profile as the server last sent it plus local edits; the wishlist lives in `items`. */
export type LocalProfile = Omit<Profile, 'wishlist'> & {
  /** A photo picked offline and not uploaded yet (a `pendingImages` id), shown instead of profileImageUrl. */
  localImageId: string | null
}

export type LocalItem = WishlistItem & {
  /** Display order: a local insertion counter, never a clock (a device clock may be off by a day). */
  position: number
  /** An image picked offline and not uploaded yet (a `pendingImages` id). */
  localImageId: string | null
}

export type OutboxMethod = 'POST' | 'PUT' | 'DELETE'

/** What an outbox entry changes locally, so a pull keeps those fields until the entry is sent. */
export type OutboxTarget =
  | { entity: 'item'; id: string; kind: 'create' | 'update' | 'delete'; fields: string[] }
  | { entity: 'profile'; fields: string[] }
  | { entity: 'upload'; id: string }

export type OutboxEntry = {
  /** Auto-increment: the order entries were written and are sent in. */
  seq?: number
  method: OutboxMethod
  path: string
  body?: unknown
  idempotencyKey: string
  target: OutboxTarget
  /** A pendingImages id whose server id must replace IMAGE_PLACEHOLDER in body before sending. */
  imageRef: string | null
  status: 'pending' | 'failed'
  /** Shown to the owner; device time is display-only and never orders anything. */
  createdAt: string
  attempts: number
  lastError: string | null
  /** Cleanup calls (delete the previous photo) whose failure the spec says to ignore. */
  ignoreFailure: boolean
  /** When the owner last pressed Retry on it (display only): refused again, its card says 'Still refused'. */
  retriedAt?: string
  /**
   * Set by the engine in the transaction that picks the entry for a push: from then on its body is what its
   * Idempotency-Key names, so later edits queue an entry of their own instead of merging into it (decision 083).
   */
  sent?: boolean
  /**
   * Its per-device mutation id (decision 087), given when it is first pushed and kept while its answer is unknown;
   * cleared when the server did not run it (not attempted, refused), so it gets a new one when it goes again.
   */
  mutationId?: number
}

export type PendingImage = {
  id: string
  blob: Blob
  /** The upload's own Idempotency-Key, so a lost response does not store the image twice. */
  uploadKey: string
  productId: string | null
  profileId: string | null
  status: 'pending' | 'failed'
  lastError: string | null
}

/** Told once, kept until dismissed: unsent changes dropped with an item deleted elsewhere (decision 031), or a field this
 * device wrote that another device has changed since (decision 201; no itemId: the profile). */
export type Notice =
  | { id?: number; kind: 'deleted-elsewhere'; message: string; itemId: string; createdAt: string }
  | { id?: number; kind: 'changed-elsewhere'; message: string; itemId?: string; createdAt: string }

export type MetaRow = { key: string; value: unknown }

/** What the Order tab keeps typed on this device (the recipient and the cart), so a reload or going offline loses nothing. */
export type OrderDraft =
  | { key: 'recipient'; value: { name: string; address1: string; city: string; country_code: string; state_code: string; zip: string } }
  /** The chosen model, size and quantity; a new key in the same key-value table, so no schema version. */
  | { key: 'cart'; value: { productId: number | null; variantId: number | null; quantity: number } }
  /** A draft order sent (or about to be) whose answer has not arrived: a reload resends it with the same key. */
  | { key: 'pending-order'; value: PendingOrder }

export type PendingOrder = { content: string; idempotencyKey: string; body: unknown }

export type OwnerDatabase = Dexie & {
  profile: EntityTable<LocalProfile, 'id'>
  items: EntityTable<LocalItem, 'id'>
  purchases: EntityTable<PurchaseRecord, 'id'>
  outbox: EntityTable<OutboxEntry, 'seq'>
  pendingImages: EntityTable<PendingImage, 'id'>
  notices: EntityTable<Notice, 'id'>
  meta: EntityTable<MetaRow, 'key'>
  /** The owner's print orders as the change feed last sent them (server-owned, never written locally). */
  orders: EntityTable<Order, 'id'>
  orderDrafts: EntityTable<OrderDraft, 'key'>
  /** The profile's scans and visitors of the last 30 UTC days as the change feed last sent them (server-owned). */
  scanDays: EntityTable<ScanDay, 'day'>
}

/**
 * Every schema the app ever shipped, oldest first. Never edit a shipped version: add the next one with its
 * upgrade and a test in db-versions.test.ts that upgrades real rows of the version before.
 */
export type SchemaVersion = {
  version: number
  stores: Record<string, string>
  /** Rewrites rows of the version before; Dexie runs it once, inside the upgrade transaction. */
  upgrade?: (tx: Transaction) => Promise<void>
  /**
   * Tables this version adds that the change feed fills by the cursor (CURSOR_SYNCED_TABLES). The upgrade then resets
   * the cursor, so the next pull is a snapshot: rows the server sent before the upgrade, to a version that had nowhere
   * to keep them, arrive after all (issue 25, defect 2).
   */
  addsSyncedTables?: string[]
}

/** Tables the change feed fills only with what changed after the cursor (scanDays ride on every pull instead). */
export const CURSOR_SYNCED_TABLES: readonly string[] = ['profile', 'items', 'purchases', 'orders']

export const SCHEMA_VERSIONS: ReadonlyArray<SchemaVersion> = [
  {
    version: 1,
    stores: {
      profile: 'id',
      items: 'id, position',
      purchases: 'id, wishlistItemId',
      outbox: '++seq, status, imageRef',
      pendingImages: 'id',
      notices: '++id',
      meta: 'key',
    },
  },
  {
    // Print orders (synced like purchases) and the Order tab's remembered recipient; no existing row changes. The
    // cursor goes back to 0: orders the version-1 app pulled past would otherwise never arrive.
    version: 2,
    addsSyncedTables: ['orders'],
    stores: {
      profile: 'id',
      items: 'id, position',
      purchases: 'id, wishlistItemId',
      outbox: '++seq, status, imageRef',
      pendingImages: 'id',
      notices: '++id',
      meta: 'key',
      orders: 'id, createdAt',
      orderDrafts: 'key',
    },
  },
  {
    // Scan counts per UTC day for the Dashboard's 'Scans' card and chart; no existing row changes.
    version: 3,
    stores: {
      profile: 'id',
      items: 'id, position',
      purchases: 'id, wishlistItemId',
      outbox: '++seq, status, imageRef',
      pendingImages: 'id',
      notices: '++id',
      meta: 'key',
      orders: 'id, createdAt',
      orderDrafts: 'key',
      scanDays: 'day',
    },
  },
]

export const OWNER_TABLES = ['profile', 'items', 'purchases', 'outbox', 'pendingImages', 'notices', 'meta', 'orders', 'orderDrafts', 'scanDays'] as const

export type OpenOptions = {
  versions?: ReadonlyArray<SchemaVersion>
  /** Called after this connection closed because another tab opened a newer schema; the page must reload. */
  onOutdated?: () => void
}

/** Fired on globalThis (page or worker) when another tab opened a newer schema; the page offers a reload. The name is
 * shared (src/contract/names.ts); re-exported for the sync client until it imports the contract. */
export { DATABASE_OUTDATED_EVENT }

function announceOutdated() {
  if (typeof globalThis.dispatchEvent === 'function') globalThis.dispatchEvent(new Event(DATABASE_OUTDATED_EVENT))
}

/** Opens (lazily) the owner's database; tests and a second simulated device pass their own name. */
export function openOwnerDatabase(name: string = DEFAULT_DATABASE_NAME, options: OpenOptions = {}): OwnerDatabase {
  const { versions = SCHEMA_VERSIONS, onOutdated = announceOutdated } = options
  const db = new Dexie(name) as OwnerDatabase
  for (const { version, stores, upgrade, addsSyncedTables = [] } of versions) {
    const declared = db.version(version).stores(stores)
    if (addsSyncedTables.length > 0) {
      declared.upgrade(async (tx) => {
        await upgrade?.(tx)
        await tx.table('meta').put({ key: 'cursor', value: 0 })
      })
    } else if (upgrade) declared.upgrade(upgrade)
  }
  // An old tab holding the connection would block the upgrade forever; it lets go and asks for a reload instead.
  db.on('versionchange', () => {
    db.close()
    onOutdated()
    return false
  })
  return db
}
