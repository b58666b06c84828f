// Owns the purchases this browser made, kept in localStorage so the buyer can still send the one message that goes
// with each (decision 148) after closing a dialog or reloading, for KEPT_DAYS: the server takes it until one was sent or
// the owner undid the purchase. Plain code: the page before React (static-page.ts) offers 'Send a message' from it too.

export type RememberedPurchase = { shareableId: string; itemId: string; purchaseId: string; at: string }

const STORAGE_KEY = 'qrtee-visitor-purchases'
/** Enough for any buyer; the oldest go first, so the list never grows without end. */
const KEPT_MAX = 50
/** A message weeks after the gift is unlikely, and the browser should not keep what it bought where for longer. */
export const KEPT_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
const NONE: Readonly<Record<string, string>> = Object.freeze({})
const listeners = new Set<() => void>()
let cache: { raw: string | null; byProfile: Map<string, Readonly<Record<string, string>>> } | undefined

function read(): RememberedPurchase[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    const since = Date.now() - KEPT_DAYS * DAY_MS
    // Older entries (and any without a readable date) are left out, and go at the next write; so do entries an
    // earlier version kept marked 'messageSent' instead of forgetting them.
    return Array.isArray(parsed) ? parsed.filter((entry) => isRemembered(entry) && Date.parse(entry.at) >= since && !('messageSent' in entry && entry.messageSent === true)) : []
  } catch {
    return []
  }
}

function write(purchases: RememberedPurchase[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(purchases.slice(-KEPT_MAX)))
  } catch {
    // Storage refused (private mode, full): the offer lasts for this page only, through the thank-you.
  }
  for (const listener of listeners) listener()
}

function isRemembered(value: unknown): value is RememberedPurchase {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return typeof entry.shareableId === 'string' && typeof entry.itemId === 'string' && typeof entry.purchaseId === 'string' && typeof entry.at === 'string'
}

export function rememberPurchase(purchase: RememberedPurchase): void {
  write([...read().filter((entry) => entry.purchaseId !== purchase.purchaseId), purchase])
}

/** The message went (or the server says one already did, or the purchase is gone or undone): nothing more to offer or keep. */
export function settleMessage(purchaseId: string): void {
  write(read().filter((entry) => entry.purchaseId !== purchaseId))
}

/** Item id -> purchase id of this profile's purchases from this browser still waiting for their message. */
export function awaitingMessages(shareableId: string): Readonly<Record<string, string>> {
  let raw: string | null
  try {
    raw = localStorage.getItem(STORAGE_KEY)
  } catch {
    return NONE
  }
  // The same object while storage is unchanged, as useSyncExternalStore needs.
  if (cache?.raw !== raw) cache = { raw, byProfile: new Map() }
  let found = cache.byProfile.get(shareableId)
  if (!found) {
    const entries = read().filter((entry) => entry.shareableId === shareableId)
    found = entries.length === 0 ? NONE : Object.fromEntries(entries.map((entry) => [entry.itemId, entry.purchaseId]))
    cache.byProfile.set(shareableId, found)
  }
  return found
}

export function subscribeRemembered(listener: () => void): () => void {
  listeners.add(listener)
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener()
  }
  window.addEventListener('storage', fromOtherTab)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', fromOtherTab)
  }
}

export const NO_REMEMBERED = NONE
