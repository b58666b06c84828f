// Owns the purchase attempts whose answer has not come, kept in this browser's localStorage: a reload, or a re-scan that
// opens a new tab, keeps an attempt's Idempotency-Key, so the page can still ask the server for that attempt's answer,
// which it replays (decision 197).
import * as v from 'valibot'
import { type ShownItem, ShownItemSchema } from '../../contract/purchase.ts'

/**
 * `shown`: what the visitor confirmed, sent again with the key, since the server replays only to the same body
 * (decision 206); absent from attempts kept by a page before it, which sent none.
 */
export type UnansweredAttempt = { shareableId: string; itemId: string; key: string; at: number; shown?: ShownItem }

const STORAGE_KEY = 'qrtee-visitor-attempts'
/** Longer than any retry or reload a visitor makes; the server keeps the answer for 48 hours. */
export const ATTEMPT_KEPT_MS = 60 * 60 * 1000

/** What this page keeps when storage refuses (private mode): the attempt then lasts as long as the page. */
let memory: UnansweredAttempt[] | undefined

function isAttempt(value: unknown): value is UnansweredAttempt {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return typeof entry.shareableId === 'string' && typeof entry.itemId === 'string' && typeof entry.key === 'string' && typeof entry.at === 'number' && (entry.shown === undefined || v.is(ShownItemSchema, entry.shown))
}

const sameShown = (a: ShownItem | undefined, b: ShownItem | undefined) => a?.name === b?.name && a?.price === b?.price

/**
 * Read from storage on every call: another tab of this browser (a re-scan) may have kept or dropped one since. Once a
 * write was refused, this page goes on with what it knows.
 */
function attempts(): UnansweredAttempt[] {
  const since = Date.now() - ATTEMPT_KEPT_MS
  return (memory ?? stored()).filter((attempt) => attempt.at >= since)
}

function stored(): UnansweredAttempt[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isAttempt) : []
  } catch {
    return []
  }
}

function save(next: UnansweredAttempt[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
    memory = undefined
  } catch {
    memory = next
  }
}

const other = (shareableId: string, itemId: string) => (attempt: UnansweredAttempt) => attempt.shareableId !== shareableId || attempt.itemId !== itemId

/**
 * The key of the gift's attempt still waiting for its answer, if any, when confirmed for what the page shows now: its
 * retry is the same attempt. A gift shown otherwise since then is a new confirmation, with a key of its own.
 */
export function attemptKey(shareableId: string, itemId: string, shown?: ShownItem): string | undefined {
  const attempt = attempts().find((kept) => !other(shareableId, itemId)(kept))
  return attempt && sameShown(attempt.shown, shown) ? attempt.key : undefined
}

/** Kept before the request goes out, so a reload while it runs still knows the key (and what it was sent with). */
export function keepAttempt(shareableId: string, itemId: string, key: string, shown?: ShownItem): void {
  save([...attempts().filter(other(shareableId, itemId)), { shareableId, itemId, key, at: Date.now(), ...(shown && { shown: { name: shown.name, price: shown.price } }) }])
}

/** The answer came (or the gift changed): nothing to ask again. */
export function dropAttempt(shareableId: string, itemId: string): void {
  save(attempts().filter(other(shareableId, itemId)))
}

export function attemptsOf(shareableId: string): UnansweredAttempt[] {
  return attempts().filter((attempt) => attempt.shareableId === shareableId)
}

/** Tests start without what a refusing storage left in this page's memory. */
export function forgetAttemptsInMemory(): void {
  memory = undefined
}
