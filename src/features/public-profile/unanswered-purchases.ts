// Owns the purchase attempts whose answer has not come, kept in this browser's localStorage: a reload, or a re-scan that
// opens a new tab, keeps an attempt's Idempotency-Key, so the page can still ask the server for that attempt's answer,
// which it replays (decision 197).

export type UnansweredAttempt = { shareableId: string; itemId: string; key: string; at: number }

const STORAGE_KEY = 'qrtee-visitor-attempts'
/** Longer than any retry or reload a visitor makes; the server keeps the answer for 48 hours. */
export const ATTEMPT_KEPT_MS = 60 * 60 * 1000

/** What this page keeps when storage refuses (private mode): the attempt then lasts as long as the page. */
let memory: UnansweredAttempt[] | undefined

function isAttempt(value: unknown): value is UnansweredAttempt {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return typeof entry.shareableId === 'string' && typeof entry.itemId === 'string' && typeof entry.key === 'string' && typeof entry.at === 'number'
}

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

/** The key of the gift's attempt still waiting for its answer, if any: its retry is the same attempt. */
export function attemptKey(shareableId: string, itemId: string): string | undefined {
  return attempts().find((attempt) => !other(shareableId, itemId)(attempt))?.key
}

/** Kept before the request goes out, so a reload while it runs still knows the key. */
export function keepAttempt(shareableId: string, itemId: string, key: string): void {
  save([...attempts().filter(other(shareableId, itemId)), { shareableId, itemId, key, at: Date.now() }])
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
