// Owns the owner's sync client on the protected routes: started on the first protected page (never on public ones,
// so the public profile's JavaScript carries no Dexie), and told about every new sign-in before a page renders.
import { notifications } from '@mantine/notifications'
import { liveQuery } from 'dexie'
import { clearPrivateCaches } from '../../api/private-caches.ts'
import { browserPushPorts, endPushOnThisDevice } from '../../api/push-subscriptions.ts'
import { onSessionEnded, readTokens } from '../../api/tokens.ts'
import { writeOwnerMarker } from '../../lib/owner-marker.ts'
import { syncPushDevice } from '../../local/push-device.ts'
import { profileQuery } from '../../local/queries.ts'
import { getSyncClient, type SyncClient } from '../../sync/sync-client.ts'
import { giftNotice, type GiftRow, newGifts, newGiftWatch } from './new-gifts.ts'
import { readMeta } from '../../local/meta.ts'

/** The refresh token of the last sign-in announced to the client; a new one means a new login, register or OAuth. */
let announcedRefreshToken: string | undefined

/**
 * Called by the _authed guard after the session check. signedIn keeps the same user's data (and outbox) and claims
 * the device for another user before anything of theirs can show, then resumes sync. A rotated pair of the same user
 * repeats it harmlessly; a token whose user cannot be read is left to the engine, which refreshes it first.
 * 'ask-owner-switch': another owner's unsent changes are on the device (decision 156); the guard sends the newcomer to
 * /switch-owner and nothing of the first owner's shows or is sent (the session stays unannounced, so it asks again).
 */
export async function startOwnerSync(): Promise<'ready' | 'ask-owner-switch'> {
  const sync = getSyncClient()
  const { token, refreshToken } = readTokens()
  if (token && refreshToken && refreshToken !== announcedRefreshToken) {
    const claim = await sync.signedIn({ token, refreshToken })
    if (claim === 'asked-other-owner') return 'ask-owner-switch'
    if (claim) announcedRefreshToken = refreshToken
  }
  watchOwnerMarker(sync.db)
  watchPushDevice(sync.db)
  watchNewGifts(sync.db)
  return 'ready'
}

/** True when the stored session is the one last announced: the guard then has nothing left to do (decision 110). */
export function isOwnerSyncCurrent(): boolean {
  const { token, refreshToken } = readTokens()
  return token !== null && refreshToken !== null && refreshToken === announcedRefreshToken && markerWatch !== undefined
}

let markerWatch: { unsubscribe: () => void } | undefined

/** Keeps the owner marker cookie on the signed-in owner's shareableId (decision 105); clearTokens removes it. */
function watchOwnerMarker(db: SyncClient['db']): void {
  markerWatch ??= liveQuery(() => profileQuery(db)).subscribe({
    next: (profile) => {
      if (profile?.shareableId && readTokens().refreshToken) writeOwnerMarker(profile.shareableId)
    },
    error: () => undefined,
  })
}

let giftWatch: { unsubscribe: () => void } | undefined
let giftNews = newGiftWatch()
let pendingGiftToast: (() => void) | undefined

/**
 * A gift bought while the app is open is said at once, whichever owner page shows: the pull that brings it (the
 * minute's, or at once after its push) is otherwise silent, and an owner without push on this device hears nothing.
 * A tab in the background says it when the owner comes back to it.
 */
function watchNewGifts(db: SyncClient['db']): void {
  if (giftWatch || typeof document === 'undefined') return
  giftNews = newGiftWatch()
  giftWatch = liveQuery(async () => {
    const rows: GiftRow[] = await db.purchases.toArray()
    const items = await db.items.bulkGet([...new Set(rows.map((row) => row.wishlistItemId))])
    const pulled = (await readMeta(db, 'cursor')) !== undefined
    return { rows, pulled, names: new Map(items.flatMap((item) => (item ? [[item.id, item.name] as const] : []))) }
  }).subscribe({
    next: ({ rows, pulled, names }) => {
      // The data cleared (a logout in any tab): a toast still waiting in this hidden tab is no longer anyone's news.
      if (!pulled) pendingGiftToast?.()
      const gifts = newGifts(giftNews, rows, pulled)
      if (gifts.length === 0) return
      const show = () => notifications.show({ color: 'green', autoClose: 10_000, ...giftNotice(gifts, (id) => names.get(id)) })
      if (document.visibilityState === 'visible') return void show()
      pendingGiftToast?.()
      const onVisible = () => {
        if (document.visibilityState !== 'visible') return
        pendingGiftToast?.()
        show()
      }
      document.addEventListener('visibilitychange', onVisible)
      pendingGiftToast = () => {
        document.removeEventListener('visibilitychange', onVisible)
        pendingGiftToast = undefined
      }
    },
    error: () => undefined,
  })
}

/**
 * A session's end (a logout, or one the server ended): nothing of that owner's is said any more on this device, and
 * the next owner's gifts are news only from their own start, not from when the tab first opened.
 */
function forgetGiftNews(): void {
  pendingGiftToast?.()
  giftNews = newGiftWatch()
}

let pushWatched = false

/**
 * This device's push switches (issue 29) reach the server at each sign-in and whenever the connection comes back,
 * whichever page is open. A session that ends without the owner asking (signed out from another device, refresh
 * refused) drops the browser's subscription: nobody else on this device hears about the owner's gifts.
 */
function watchPushDevice(db: SyncClient['db']): void {
  const apply = () => void syncPushDevice(db, browserPushPorts).catch(() => undefined)
  apply()
  if (pushWatched || typeof window === 'undefined') return
  pushWatched = true
  window.addEventListener('online', apply)
  onSessionEnded((reason) => {
    forgetGiftNews()
    void endPushOnThisDevice()
    if (reason === 'account-gone') void forgetGoneAccount()
  })
}

/**
 * The account was deleted (on another device, or here with the answer lost): what this device holds of it, unsent
 * changes included, can never be sent and is nobody's to see, so it goes as it does after a deletion made here.
 */
async function forgetGoneAccount(): Promise<void> {
  await getSyncClient().clearLocalDataForLogout().catch(() => undefined)
  await clearPrivateCaches()
}

/** The client for protected pages; the guard has started it before they render. */
export function useOwnerSync(): SyncClient {
  return getSyncClient()
}
