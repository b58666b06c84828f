// Pure rules for the entries local writes queue: which fields changed, which unsent entry a later edit merges into, and the image lane.
import type { OutboxEntry, OutboxTarget } from './db.ts'
import { applyListChanges, foldListChanges, type ListChanges } from '../lib/list-changes.ts'

/** Structural equality for form and row values (strings, numbers, booleans, null, arrays and plain objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/**
 * The fields of `after` whose value differs from `before`: what the owner changed. Undefined values are "not given"
 * and never count as a change; a field missing from `before` counts as changed.
 */
export function changedFields<T extends object>(before: Partial<Record<keyof T, unknown>>, after: T): Partial<T> {
  const changes: Partial<T> = {}
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const value = after[key]
    if (value === undefined) continue
    if (!(key in before) || !sameValue(before[key], value)) changes[key] = value
  }
  return changes
}

/**
 * Picking, replacing or removing an image is a lane of its own beside the text fields: a refused image waits for the
 * owner (Retry, Discard, or another pick) without holding back the item's or the profile's other edits.
 */
export function isImageChange(target: OutboxTarget): boolean {
  if (target.entity === 'upload') return false
  if (target.entity === 'item' && target.kind !== 'update') return false
  return target.fields.includes('localImageId')
}

/**
 * Whether a later text edit may be folded into this entry instead of queueing one of its own: only while the entry has
 * never been handed to a push (its Idempotency-Key then names exactly this body), is not waiting for an image or the
 * owner, and is a create or a text edit.
 */
export function acceptsLaterEdits(entry: OutboxEntry): boolean {
  return entry.status === 'pending' && !entry.sent && isTextEdit(entry)
}

/**
 * Whether a later text edit of the same thing is a fix of this refused entry (decision 199): it is folded in and the
 * whole goes again as a new attempt, instead of queueing behind a refusal that holds it back. Only a refused create or
 * text edit takes fixes; a refused delete or image change does not (the later edit then waits, and the card says so).
 */
export function acceptsFix(entry: OutboxEntry): boolean {
  return entry.status === 'failed' && isTextEdit(entry)
}

function isTextEdit(entry: OutboxEntry): boolean {
  if (entry.imageRef !== null || entry.method === 'DELETE') return false
  if (entry.target.entity === 'upload' || isImageChange(entry.target)) return false
  // An item's text edits are PUTs of the item; a POST on it (the undo of a purchase) is an action of its own.
  if (entry.target.entity === 'item' && entry.target.kind === 'update' && entry.method !== 'PUT') return false
  return entry.target.entity === 'profile' || entry.target.kind === 'create' || entry.target.kind === 'update'
}

/** The entry with a later edit folded in: later values win, the fields it names are the union of both. */
export function withLaterEdit(entry: OutboxEntry, body: Record<string, unknown>, fields: readonly string[]): Pick<OutboxEntry, 'body' | 'target'> {
  const earlier = typeof entry.body === 'object' && entry.body !== null ? (entry.body as Record<string, unknown>) : {}
  const target: OutboxTarget =
    entry.target.entity === 'upload' ? entry.target : { ...entry.target, fields: [...new Set([...entry.target.fields, ...fields])] }
  return { body: withLaterBody(earlier, body), target }
}

type Link = { id: number; platform: string; url: string }

/**
 * Later values win, except link changes (decision 157), which fold into the earlier ones; an entry an older app
 * version queued with the whole list keeps the whole list, with the later changes applied to it.
 */
function withLaterBody(earlier: Record<string, unknown>, later: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...earlier, ...later }
  const changes = later.socialLinkChanges as ListChanges<Link> | undefined
  if (!changes) return merged
  if (Array.isArray(earlier.socialLinks)) {
    const whole = earlier.socialLinks as { id?: number; platform: string; url: string }[]
    const named = whole.filter((link): link is Link => typeof link.id === 'number')
    const unnamed = whole.filter((link) => typeof link.id !== 'number')
    delete merged.socialLinkChanges
    return { ...merged, socialLinks: [...applyListChanges(named, changes), ...unnamed] }
  }
  const before = earlier.socialLinkChanges as ListChanges<Link> | undefined
  return before ? { ...merged, socialLinkChanges: foldListChanges(before, changes) } : merged
}

/** Whether an entry changes the thing `target` names (the same item, or the profile). */
export function sameSubject(entry: OutboxEntry, target: OutboxTarget): boolean {
  if (target.entity === 'item') return entry.target.entity === 'item' && entry.target.id === target.id
  return entry.target.entity === target.entity
}
