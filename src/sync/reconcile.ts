// Pure merge of the server's change feed into the local rows: pending local fields win, deletes win, purchases are the server's.
import type { SyncChanges } from '../contract/sync.ts'
import type { PurchaseRecord } from '../contract/purchase.ts'
import type { ScanDay } from '../contract/scans.ts'
import type { WishlistItem } from '../contract/wishlist.ts'
import type { SocialLink } from '../contract/profile.ts'
import { applyListChanges, type ListChanges } from '../lib/list-changes.ts'
import type { LocalItem, LocalProfile, Notice, OutboxTarget } from '../local/db.ts'

/** An outbox entry that has not reached the server (pending, or failed and waiting for Retry/Discard). */
export type UnsentEntry = { seq: number; target: OutboxTarget; body?: unknown }

export type LocalSnapshot = {
  profile: LocalProfile | undefined
  /** The local rows of every item the changes or the unsent entries mention (all items for a full snapshot). */
  items: ReadonlyMap<string, LocalItem>
  unsent: readonly UnsentEntry[]
  nextPosition: number
}

export type ApplyPlan = {
  profile: LocalProfile | undefined
  putItems: LocalItem[]
  deleteItemIds: string[]
  /** Full snapshots replace the purchase list; deltas add to it. */
  purchases: { replaceAll: boolean; put: PurchaseRecord[] }
  /** Unsent entries for items deleted elsewhere: delete wins, so they are dropped (and the owner told). */
  dropEntrySeqs: number[]
  notices: Omit<Notice, 'id'>[]
  nextPosition: number
  /** The stored scan days are replaced by these; undefined keeps them (the answer did not carry scans). */
  scanDays: ScanDay[] | undefined
}

// Only the server knows whether a visitor bought something; a local copy of these is never kept.
const SERVER_ONLY_ITEM_FIELDS = new Set(['isPurchased', 'purchaseStatus', 'purchasedPrice'])

type ItemIntent = { kinds: Set<'create' | 'update' | 'delete'>; fields: Set<string>; seqs: number[]; name: string | undefined }

function intentsByItem(unsent: readonly UnsentEntry[]): Map<string, ItemIntent> {
  const intents = new Map<string, ItemIntent>()
  for (const entry of unsent) {
    if (entry.target.entity !== 'item') continue
    const intent = intents.get(entry.target.id) ?? { kinds: new Set(), fields: new Set(), seqs: [], name: undefined }
    intent.kinds.add(entry.target.kind)
    for (const field of entry.target.fields) if (!SERVER_ONLY_ITEM_FIELDS.has(field)) intent.fields.add(field)
    intent.seqs.push(entry.seq)
    intent.name ??= nameIn(entry.body)
    intents.set(entry.target.id, intent)
  }
  return intents
}

function nameIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('name' in body)) return undefined
  return typeof body.name === 'string' ? body.name : undefined
}

/** The server's row with the fields named in `keep` taken from the local row instead. */
function keepLocalFields<T extends object>(server: T, local: T | undefined, keep: ReadonlySet<string>): T {
  if (!local) return server
  const merged = { ...server }
  for (const key of Object.keys(local) as (keyof T & string)[]) if (keep.has(key)) merged[key] = local[key]
  return merged
}

export function deletedElsewhereMessage(name: string | undefined): string {
  const what = name ? `'${name}'` : 'A product'
  return `${what} was deleted on another device, so your unsynced changes to it were discarded.`
}

/**
 * Plans how to apply one page of `GET /api/sync/changes` (or a whole full snapshot) to the local rows. A full
 * snapshot (`full`) replaces local copies: anything the server no longer has goes, except items whose create has
 * not been sent yet. The clock is never consulted: only the server's order and the outbox decide.
 */
export function reconcile(
  changes: Pick<SyncChanges, 'profile' | 'items' | 'deletedItemIds' | 'purchases' | 'scans'>,
  local: LocalSnapshot,
  full: boolean,
  now: string,
): ApplyPlan {
  const intents = intentsByItem(local.unsent)
  const plan: ApplyPlan = {
    profile: undefined,
    putItems: [],
    deleteItemIds: [],
    purchases: { replaceAll: full, put: [...changes.purchases] },
    dropEntrySeqs: [],
    notices: [],
    nextPosition: local.nextPosition,
    scanDays: scanDaysToStore(changes.scans),
  }

  const deleteWins = (itemId: string) => {
    plan.deleteItemIds.push(itemId)
    const intent = intents.get(itemId)
    if (!intent) return
    plan.dropEntrySeqs.push(...intent.seqs)
    if (intent.kinds.has('create') || intent.kinds.has('update')) {
      const name = local.items.get(itemId)?.name ?? intent.name
      plan.notices.push({ kind: 'deleted-elsewhere', itemId, message: deletedElsewhereMessage(name), createdAt: now })
    }
  }

  if (changes.profile) plan.profile = mergeProfile(changes.profile, local)

  const seen = new Set<string>()
  for (const serverItem of changes.items) {
    seen.add(serverItem.id)
    const intent = intents.get(serverItem.id)
    // A delete waiting in the outbox: the item stays gone here; the server will drop it when the delete arrives.
    if (intent?.kinds.has('delete')) continue
    plan.putItems.push(mergeItem(serverItem, local.items.get(serverItem.id), intent, plan))
  }

  for (const itemId of changes.deletedItemIds) deleteWins(itemId)

  if (full) {
    for (const [itemId] of local.items) {
      if (seen.has(itemId) || changes.deletedItemIds.includes(itemId)) continue
      // Not on the server yet because its create is still in the outbox (or failed and awaits Retry/Discard).
      if (intents.get(itemId)?.kinds.has('create')) continue
      deleteWins(itemId)
    }
  }
  return plan
}

/**
 * Scan counts change without any write of the owner, so they are not on the cursor: every answer's last page carries
 * the whole window and it replaces the local copy, a delta as much as a snapshot. Absent (an older server, or a page
 * with more to come) keeps the copy. One row per day, the later entry winning, oldest first.
 */
export function scanDaysToStore(scans: readonly ScanDay[] | undefined): ScanDay[] | undefined {
  if (scans === undefined) return undefined
  const byDay = new Map<string, ScanDay>()
  for (const entry of scans) byDay.set(entry.day, { day: entry.day, scans: entry.scans, visitors: entry.visitors })
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
}

function mergeItem(serverItem: WishlistItem, localItem: LocalItem | undefined, intent: ItemIntent | undefined, plan: ApplyPlan): LocalItem {
  let position = localItem?.position
  if (position === undefined) {
    position = plan.nextPosition
    plan.nextPosition += 1
  }
  const fromServer: LocalItem = { ...serverItem, position, localImageId: null }
  return keepLocalFields(fromServer, localItem, intent?.fields ?? new Set())
}

/**
 * The server's profile with the fields of unsent entries kept from the local row. Links are merged link by link
 * (decision 157): the unsent link changes, in order, on top of the server's links, so another device's links show at
 * once. Applying a change the server already has changes nothing. An entry an older version queued with the whole
 * list keeps the local list, as before.
 */
export function mergeProfile(server: NonNullable<SyncChanges['profile']>, local: Pick<LocalSnapshot, 'profile' | 'unsent'>): LocalProfile {
  const keep = new Set<string>()
  const linkChanges: ListChanges<SocialLink>[] = []
  for (const entry of local.unsent) {
    if (entry.target.entity !== 'profile') continue
    const changes = linkChangesIn(entry.body)
    if (changes) linkChanges.push(changes)
    for (const field of entry.target.fields) if (field !== 'socialLinks' || !changes) keep.add(field)
  }
  const socialLinks = linkChanges.reduce<SocialLink[]>((links, changes) => applyListChanges(links, changes), server.socialLinks)
  return keepLocalFields({ ...server, socialLinks, localImageId: null }, local.profile, keep)
}

function linkChangesIn(body: unknown): ListChanges<SocialLink> | undefined {
  if (typeof body !== 'object' || body === null || !('socialLinkChanges' in body)) return undefined
  if ('socialLinks' in body) return undefined
  return body.socialLinkChanges as ListChanges<SocialLink>
}
