// Pulls GET /api/sync/changes until the server has no more, and applies each answer to Dexie through reconcile.
import * as v from 'valibot'
import { apiPaths } from '../contract/api-paths.ts'
import { SyncChangesSchema, type SyncChanges } from '../contract/sync.ts'
import type { LocalItem, OwnerDatabase } from '../local/db.ts'
import { fencedTransaction, readGeneration } from '../local/generation.ts'
import { readMeta, writeMeta } from '../local/meta.ts'
import { reconcile } from './reconcile.ts'
import { acknowledgedBy, overwrittenFields, remember } from './overwritten.ts'
import { isTransientStatus, messageOf, TransientError, type Transport } from './transport.ts'
import { laterAnswerWords } from '../lib/network-words.ts'

export const PULL_PAGE_SIZE = 500

type ChangePage = Pick<SyncChanges, 'profile' | 'items' | 'deletedItemIds' | 'purchases' | 'orders' | 'scans'>

/** Where the client is in the feed: the server's counter, and the epoch it was handed out under (decision 088). */
type FeedPosition = {
  cursor: number
  epoch: string | undefined
  /** The device's last mutation id the server applied, given with the last page: entries up to it are done. */
  confirmedUpTo?: number
}

async function fetchPage(transport: Transport, { cursor, epoch }: FeedPosition, deviceId: string | undefined): Promise<SyncChanges> {
  // The epoch goes with the cursor: after a restore from backup the server answers a snapshot instead of a delta.
  const since = epoch !== undefined && cursor > 0 ? `&epoch=${encodeURIComponent(epoch)}` : ''
  // The device id asks for its last applied mutation id: entries whose answer was lost are confirmed by the pull too.
  const device = deviceId === undefined ? '' : `&deviceId=${encodeURIComponent(deviceId)}`
  const res = await transport.send({ method: 'GET', path: `${apiPaths.syncChanges}?cursor=${cursor}${since}${device}&limit=${PULL_PAGE_SIZE}` })
  if (isTransientStatus(res.status)) throw new TransientError(laterAnswerWords(res.status), res.status)
  const parsed = v.safeParse(SyncChangesSchema, res.body)
  // Anything unreadable is treated as "later": applying half of it could lose data, waiting cannot.
  if (res.status >= 300 || !parsed.success) throw new TransientError(res.status >= 300 ? messageOf(res) : 'Unreadable changes answer')
  return parsed.output
}

/**
 * A delta is applied page by page (each with its cursor). A snapshot (`reset: true`, also for cursor 0 or a cursor
 * older than the server's tombstones) is collected to the last page first, then replaces the local copies in one
 * transaction, so an interrupted snapshot never leaves half a wishlist. The outbox is never touched by a reset.
 */
export async function pullChanges(db: OwnerDatabase, transport: Transport, generation?: number): Promise<void> {
  // Read with the cursor: a Discard or logout after this point turns the writes below into a FencedError.
  const fence = generation ?? (await readGeneration(db))
  let position: FeedPosition = { cursor: (await readMeta(db, 'cursor')) ?? 0, epoch: await readMeta(db, 'epoch') }
  const deviceId = await readMeta(db, 'deviceId')
  let snapshot: ChangePage | undefined
  for (;;) {
    const page = await fetchPage(transport, position, deviceId)
    position = { cursor: page.cursor, epoch: page.epoch ?? position.epoch }
    // Only the last page is sure to hold every write the answer's lastMutationId counts.
    if (!page.hasMore) position.confirmedUpTo = page.lastMutationId
    if (page.reset) snapshot = { items: [], deletedItemIds: [], purchases: [], orders: [] }
    if (snapshot) foldInto(snapshot, page)
    else await applyChanges(db, fence, page, false, position)
    if (!page.hasMore) break
  }
  if (snapshot) await applyChanges(db, fence, snapshot, true, position)
}

/** Adds a later page of a snapshot: later rows replace earlier ones, tombstones remove them. */
function foldInto(snapshot: ChangePage, page: SyncChanges) {
  if (page.profile) snapshot.profile = page.profile
  if (page.scans) snapshot.scans = page.scans
  const gone = new Set(page.deletedItemIds)
  const replaced = new Set(page.items.map((item) => item.id))
  snapshot.items = [...snapshot.items.filter((item) => !gone.has(item.id) && !replaced.has(item.id)), ...page.items]
  const purchaseIds = new Set(page.purchases.map((purchase) => purchase.id))
  snapshot.purchases = [...snapshot.purchases.filter((purchase) => !purchaseIds.has(purchase.id)), ...page.purchases]
  const orderIds = new Set(page.orders.map((order) => order.id))
  snapshot.orders = [...snapshot.orders.filter((order) => !orderIds.has(order.id)), ...page.orders]
}

async function applyChanges(db: OwnerDatabase, generation: number, changes: ChangePage, full: boolean, position: FeedPosition) {
  await fencedTransaction(db, generation, [db.profile, db.items, db.purchases, db.orders, db.scanDays, db.outbox, db.notices, db.meta], async () => {
    const now = new Date().toISOString()
    // Entries the server applied (their answer was lost) are done: this answer already holds their writes.
    const { confirmedUpTo = 0 } = position
    const isConfirmed = (entry: { mutationId?: number }) => entry.mutationId !== undefined && entry.mutationId <= confirmedUpTo
    const outbox = await db.outbox.toArray()
    const confirmed = outbox.filter(isConfirmed)
    if (confirmed.length > 0) await db.outbox.bulkDelete(confirmed.flatMap((entry) => (entry.seq === undefined ? [] : [entry.seq])))
    // They were acknowledged, only late: what they wrote is this device's own echo in this very answer.
    const acknowledged = remember((await readMeta(db, 'acknowledged')) ?? [], confirmed.flatMap((entry) => acknowledgedBy(entry, now)))
    const unsent = outbox.flatMap((entry) => (entry.seq === undefined || isConfirmed(entry) ? [] : [{ seq: entry.seq, target: entry.target, body: entry.body }]))
    const mentioned = new Set([...changes.items.map((item) => item.id), ...changes.deletedItemIds])
    for (const entry of unsent) if (entry.target.entity === 'item') mentioned.add(entry.target.id)
    const localRows = full ? await db.items.toArray() : await db.items.bulkGet([...mentioned])
    const items = new Map<string, LocalItem>()
    for (const row of localRows) if (row) items.set(row.id, row)

    const plan = reconcile(
      changes,
      { profile: await db.profile.toCollection().first(), items, unsent, nextPosition: (await readMeta(db, 'nextPosition')) ?? 1 },
      full,
      now,
    )
    const overwritten = overwrittenFields(changes, plan.deleteItemIds, acknowledged, unsent, now)
    if (plan.profile) {
      if (full) await db.profile.clear()
      await db.profile.put(plan.profile)
    }
    await db.items.bulkDelete(plan.deleteItemIds)
    await db.items.bulkPut(plan.putItems)
    if (plan.purchases.replaceAll) await db.purchases.clear()
    // Orders are the server's alone (the owner never edits one): a snapshot replaces them, a delta overwrites by id.
    if (full) await db.orders.clear()
    await db.orders.bulkPut(changes.orders)
    await db.purchases.bulkPut(plan.purchases.put)
    if (plan.scanDays) {
      await db.scanDays.clear()
      await db.scanDays.bulkPut(plan.scanDays)
    }
    await db.outbox.bulkDelete(plan.dropEntrySeqs)
    const notices = [...plan.notices, ...overwritten.notices]
    if (notices.length > 0) await db.notices.bulkAdd(notices)
    await writeMeta(db, 'acknowledged', overwritten.memory)
    await writeMeta(db, 'nextPosition', plan.nextPosition)
    await writeMeta(db, 'cursor', position.cursor)
    if (position.epoch !== undefined) await writeMeta(db, 'epoch', position.epoch)
  })
}
