// Owns the pure part of the owner's notifications (issue 29): a push's data -> what is shown, and which window a tap uses.
import { publicProfileIdFromPagePath } from '../src/contract/api-paths.ts'
import { NOTIFICATION_URLS } from '../src/contract/notifications.ts'

/** The app's icon as the manifest names it (vite.config.ts), shown beside every notification. */
export const NOTIFICATION_ICON = '/icon-192.png'

/** Where a tap leads when the payload names no usable path: Purchases for a gift, the Order tab ('My orders'). */
export const DEFAULT_URLS = { purchase: NOTIFICATION_URLS.purchases, order: NOTIFICATION_URLS.orders, test: NOTIFICATION_URLS.purchases } as const
type PushType = keyof typeof DEFAULT_URLS

/** What the worker passes to showNotification: the title and its options (data.url is where a tap goes). */
export type ShownNotification = {
  title: string
  options: { body: string; icon: string; badge: string; tag: string; data: { url: string; type: PushType | 'unknown' } }
}

/** Shown when a push arrives that cannot be read: the owner still learns that something happened. */
export const GENERIC_NOTIFICATION = { title: 'QR Tee', body: 'Something new happened. Open the app to see it.' } as const

const TITLE_MAX = 120
const BODY_MAX = 400

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null)

/**
 * Only an app path ('/x', not '//host' nor '/\\host') may be opened by a tap: a payload can never send the owner to
 * another site. Anything else falls back to the default of the type.
 */
export function appPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // Whitespace and control characters have no place in an app path (a URL parser would quietly drop some).
  if (value.length > 500 || [...value].some((char) => char.charCodeAt(0) < 0x21 || /\s/.test(char))) return null
  return value
}

/** A short stable hash, so the same event pushed twice collapses into one notification while two gifts both show. */
function shortHash(value: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < value.length; index += 1) hash = Math.imul(hash ^ value.charCodeAt(index), 0x01000193)
  return (hash >>> 0).toString(36)
}

/** Reads the push's text (PushMessageData.text()); a missing body, bad JSON or wrong shape gives the generic notice. */
export function parsePushText(data: string | null): unknown {
  if (data === null) return null
  try {
    return JSON.parse(data) as unknown
  } catch {
    return null
  }
}

/** The notification for a push's JSON; never throws, whatever arrives. */
export function toNotification(payload: unknown): ShownNotification {
  const record = isRecord(payload) ? payload : {}
  const type = typeof record.type === 'string' && record.type in DEFAULT_URLS ? (record.type as PushType) : null
  const title = text(record.title, TITLE_MAX)
  const body = text(record.body, BODY_MAX)
  if (type === null || title === null) {
    const url = appPath(record.url) ?? '/dashboard'
    return { title: GENERIC_NOTIFICATION.title, options: { body: GENERIC_NOTIFICATION.body, icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, tag: 'qrtee-generic', data: { url, type: 'unknown' } } }
  }
  const url = appPath(record.url) ?? DEFAULT_URLS[type]
  const tag = text(record.tag, 100) ?? `qrtee-${type}-${shortHash(`${title}\n${body ?? ''}\n${url}`)}`
  return { title, options: { body: body ?? '', icon: NOTIFICATION_ICON, badge: NOTIFICATION_ICON, tag, data: { url, type } } }
}

/** The notification's data.url as a tap reads it back (the data may come from an older worker). */
export function clickTarget(data: unknown): string {
  return (isRecord(data) ? appPath(data.url) : null) ?? '/dashboard'
}

/** A window of ours as clients.matchAll describes it. */
export type WindowInfo = { url: string; focused: boolean; visibilityState: string }

/**
 * Which open window a tap reuses: one of the app's (same origin, not the visitor's profile page), the focused one
 * first, then a visible one, then the first. -1: none, so the worker opens a new window.
 */
export function chooseWindow(windows: ReadonlyArray<WindowInfo>, origin: string): number {
  const ours = windows
    .map((client, index) => ({ client, index }))
    .filter(({ client }) => {
      try {
        const url = new URL(client.url)
        return url.origin === origin && publicProfileIdFromPagePath(url.pathname) === null
      } catch {
        return false
      }
    })
  const pick = ours.find(({ client }) => client.focused) ?? ours.find(({ client }) => client.visibilityState === 'visible') ?? ours[0]
  return pick ? pick.index : -1
}
