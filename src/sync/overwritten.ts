// Pure rule that tells this device a field it wrote now holds another device's value (decision 201), and what it remembers for that.
import { PLAIN_PROFILE_FIELDS } from '../contract/profile.ts'
import type { SyncChanges } from '../contract/sync.ts'
import { storedItemFields, type ItemFieldName } from '../contract/wishlist.ts'
import { formatEuro } from '../lib/money.ts'
import { fieldLabel } from '../local/change-names.ts'
import type { Notice, OutboxEntry } from '../local/db.ts'
import { sameValue } from '../local/outbox-rules.ts'
import type { UnsentEntry } from './reconcile.ts'

/** A value this device sent for one field and the server acknowledged; `itemId` null is the profile. */
export type Acknowledged = { itemId: string | null; field: string; value: unknown; at: string }

/** How long a written value is remembered (device time, used only to forget): an offline week of another device. */
export const ACKNOWLEDGED_KEEP_MS = 7 * 24 * 60 * 60 * 1000
/** At most this many are kept, the newest: a bulk edit must not grow the meta row without end. */
export const ACKNOWLEDGED_MAX = 500

/** Typed fields of an item whose last writer wins (the image is a lane of its own, decision 084). */
const ITEM_FIELDS: readonly ItemFieldName[] = ['name', 'brand', 'description', 'price', 'productUrl']

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The values an entry the server acknowledged wrote, as the server stores them. Only edits: another device can only
 * change a field of an item it has pulled, so it saw a created value before replacing it. Link changes merge link by
 * link (decision 157) and photos have their own lane, so neither can silently lose.
 */
export function acknowledgedBy(entry: Pick<OutboxEntry, 'method' | 'target' | 'body'>, at: string): Acknowledged[] {
  const { target, body } = entry
  if (entry.method !== 'PUT' || !isRecord(body)) return []
  if (target.entity === 'item' && target.kind === 'update') {
    const stored: Record<string, unknown> = storedItemFields(body as Parameters<typeof storedItemFields>[0], 'given')
    return ITEM_FIELDS.flatMap((field) => (field in stored ? [{ itemId: target.id, field, value: stored[field], at }] : []))
  }
  if (target.entity !== 'profile') return []
  return PLAIN_PROFILE_FIELDS.flatMap((field) => (body[field] === undefined ? [] : [{ itemId: null, field, value: body[field], at }]))
}

const sameField = (a: Acknowledged, b: Pick<Acknowledged, 'itemId' | 'field'>) => a.itemId === b.itemId && a.field === b.field

/** The memory with `added` in it: a newer value of a field replaces the older one; the newest ACKNOWLEDGED_MAX stay. */
export function remember(memory: readonly Acknowledged[], added: readonly Acknowledged[]): Acknowledged[] {
  if (added.length === 0) return [...memory]
  const kept = memory.filter((old) => !added.some((value) => sameField(old, value)))
  return [...kept, ...added].slice(-ACKNOWLEDGED_MAX)
}

export type OverwriteCheck = { notices: Omit<Notice, 'id'>[]; memory: Acknowledged[] }

/**
 * Compares what a pull brings with what this device remembers writing. A field whose server value differs was
 * overwritten by a write that reached the server after this device's own (an older one would have been overwritten
 * by it): one notice per item or profile, and the field is forgotten, so it is said once. Equal is this device's echo
 * (or another device wrote the same). A field an unsent entry names is skipped: this device's value still goes and
 * wins. Items deleted are forgotten; so is anything older than ACKNOWLEDGED_KEEP_MS.
 */
export function overwrittenFields(
  changes: Pick<SyncChanges, 'profile' | 'items'>,
  deletedItemIds: readonly string[],
  memory: readonly Acknowledged[],
  unsent: readonly UnsentEntry[],
  now: string,
): OverwriteCheck {
  const oldest = Date.parse(now) - ACKNOWLEDGED_KEEP_MS
  const deleted = new Set(deletedItemIds)
  const current = memory.filter((value) => !(Date.parse(value.at) < oldest) && !(value.itemId !== null && deleted.has(value.itemId)))
  const pending = (value: Acknowledged) =>
    unsent.some(({ target }) => {
      if (target.entity === 'upload') return false
      const same = value.itemId === null ? target.entity === 'profile' : target.entity === 'item' && target.id === value.itemId
      // An unsent delete ('*') keeps the item gone here: nothing of it is shown to be overwritten.
      return same && (target.fields.includes(value.field) || target.fields.includes('*'))
    })

  const subjects: { itemId: string | null; name: string | undefined; row: Record<string, unknown> }[] = changes.items.map((item) => ({ itemId: item.id, name: item.name, row: item }))
  if (changes.profile) subjects.push({ itemId: null, name: undefined, row: changes.profile })
  const notices: Omit<Notice, 'id'>[] = []
  const said: Acknowledged[] = []
  for (const { itemId, name, row } of subjects) {
    const lost = current.filter((value) => value.itemId === itemId && value.field in row && !pending(value) && !sameValue(row[value.field], value.value))
    if (lost.length === 0) continue
    said.push(...lost)
    const message = overwrittenMessage(name, lost.map((value) => ({ field: value.field, now: row[value.field] })))
    notices.push(itemId === null ? { kind: 'changed-elsewhere', message, createdAt: now } : { kind: 'changed-elsewhere', itemId, message, createdAt: now })
  }
  return { notices, memory: current.filter((value) => !said.includes(value)) }
}

/** "'Camera' — Price was changed on another device (now €120.00)."; `name` undefined is the profile. */
export function overwrittenMessage(name: string | undefined, fields: readonly { field: string; now: unknown }[]): string {
  const what = name === undefined ? 'Your profile' : `'${name}'`
  const labels = joined(fields.map(({ field }) => fieldLabel(field)))
  const values = joined(fields.map(({ field, now }) => shownValue(field, now)))
  return `${what} — ${labels} ${fields.length === 1 ? 'was' : 'were'} changed on another device (now ${values}).`
}

const joined = (parts: readonly string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`)

const SHOWN_CHARACTERS = 40

function shownValue(field: string, value: unknown): string {
  if (field === 'price' && typeof value === 'number') return formatEuro(value)
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (value === null || value === undefined || value === '') return 'empty'
  const text = String(value).replace(/\s+/g, ' ').trim()
  return `'${text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text}'`
}
