// Owns the worker's notification events (issue 29): a push shows its notification, even with the app closed, and tells
// an open app to pull the news now; a tap focuses a window of the app on the notification's page, or opens one.
import type { ChannelMessage } from '../src/contract/messages.ts'
import { LOCAL_WRITE_CHANNEL } from '../src/contract/names.ts'
import { chooseWindow, clickTarget, GENERIC_NOTIFICATION, NOTIFICATION_ICON, parsePushText, toNotification } from './push-notification.ts'
import { type RenewalPorts, renewSubscription, type SubscriptionChange } from './push-renewal.ts'

declare const self: ServiceWorkerGlobalScope

function readPushText(event: PushEvent): string | null {
  try {
    return event.data ? event.data.text() : null
  } catch {
    return null
  }
}

/** Shows the push's notification; a failure to show the real one still shows the generic one (Chrome otherwise
 * shows its own "This site has been updated in the background"). */
export async function showPush(text: string | null): Promise<void> {
  const { title, options } = toNotification(parsePushText(text))
  if (options.data.type === 'purchase' || options.data.type === 'order') askOpenAppToPull()
  try {
    await self.registration.showNotification(title, options)
  } catch {
    await self.registration.showNotification(GENERIC_NOTIFICATION.title, { body: GENERIC_NOTIFICATION.body, icon: NOTIFICATION_ICON, tag: 'qrtee-generic' })
  }
}

/**
 * The news is on the server already (the push follows the commit): an open app's sync pulls it now, so a gift shows
 * in Purchases with its notification rather than at the next minute's pull. The leading tab's sync worker hears the
 * channel whichever tab leads; with no app open nobody does, and the next start pulls it.
 */
function askOpenAppToPull(): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
  channel.postMessage('push' satisfies ChannelMessage)
  channel.close()
}

/**
 * A tap: the notification closes, and a window of the app goes to its page (focused first, so a phone brings the
 * installed app to the front), or a new window opens when none is open. Exported for the e2e, which taps by calling it.
 */
export async function openNotificationTarget(data: unknown): Promise<void> {
  const path = clickTarget(data)
  const url = new URL(path, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const index = chooseWindow(
    windows.map((client) => ({ url: client.url, focused: client.focused, visibilityState: client.visibilityState })),
    self.location.origin,
  )
  const chosen = index >= 0 ? windows[index] : undefined
  if (!chosen) {
    await self.clients.openWindow(url)
    return
  }
  await chosen.focus().catch(() => undefined)
  try {
    // Rejects for a window this worker does not control (opened before it was installed): a new window then.
    await chosen.navigate(url)
  } catch {
    await self.clients.openWindow(url)
  }
}

/** The browser's side of a renewal: the worker's own push manager, a same-origin POST with no credentials. */
const browserRenewalPorts: RenewalPorts = {
  subscribe: (options) => self.registration.pushManager.subscribe(options),
  post: async (path, body) =>
    (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })).status,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

export function registerPushHandlers(): void {
  self.addEventListener('push', (event: PushEvent) => {
    event.waitUntil(showPush(readPushText(event)).catch(() => undefined))
  })
  // The browser replaced the subscription (it expired, or the push service rotated it): the device moves along.
  self.addEventListener('pushsubscriptionchange', (event: Event) => {
    const change = event as ExtendableEvent & Partial<SubscriptionChange>
    change.waitUntil(renewSubscription({ oldSubscription: change.oldSubscription ?? null, newSubscription: change.newSubscription ?? null }, browserRenewalPorts).catch(() => undefined))
  })
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close()
    event.waitUntil(openNotificationTarget(event.notification.data).catch(() => undefined))
  })
}
