// Owns this device's push subscription towards the server (issue 29): the VAPID key, posting the subscription with
// its switches, the test push, and ending it at logout (server first, while the session still exists, then browser).
import * as v from 'valibot'
import type { PushSubscriptionBody } from '../contract/notifications.ts'
import { apiCall, apiRequest } from './client.ts'
import { readTokens } from './tokens.ts'

/** The browser's subscription as PushSubscription.toJSON() gives it, less expirationTime. */
export type DeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string } }
export type DeviceSwitches = { gifts: boolean; orders: boolean }

const DeviceSubscriptionSchema = v.object({ endpoint: v.string(), keys: v.object({ p256dh: v.string(), auth: v.string() }) })
const VapidConfigSchema = v.object({ vapidPublicKey: v.optional(v.nullable(v.string())) })

/** The server's VAPID public key (base64url), or null when this server cannot push. */
export async function fetchVapidPublicKey(): Promise<string | null> {
  const config = await apiCall(VapidConfigSchema, '/public/config', { auth: false })
  return config.vapidPublicKey || null
}

/** The subscription's parts the server needs, or null for a subscription without keys (it cannot be pushed to). */
export function deviceSubscription(subscription: PushSubscription): DeviceSubscription | null {
  const parsed = v.safeParse(DeviceSubscriptionSchema, subscription.toJSON())
  return parsed.success ? parsed.output : null
}

/** Upserts by endpoint: the same call changes this device's switches. */
export async function postPushSubscription(subscription: DeviceSubscription, switches: DeviceSwitches): Promise<void> {
  const body: PushSubscriptionBody = { ...subscription, ...switches }
  await apiRequest('/push-subscriptions', { method: 'POST', body })
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/push-subscriptions', { method: 'DELETE', body: { endpoint } })
}

export async function sendTestPush(endpoint: string): Promise<void> {
  await apiRequest('/push-subscriptions/test', { method: 'POST', body: { endpoint } })
}

/** The page's push subscription, or null where there is none or no worker/push support. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** The work's answer, or undefined once `ms` have passed (the work itself goes on). */
const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))])

/** The VAPID key as the browser wants it: bytes from base64url. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

/** How long the page waits for its service worker to be ready before it says push cannot be set up. */
const READY_WAIT_MS = 10_000

/**
 * Subscribes this browser to push with the server's key (the permission is already granted), or returns the
 * subscription it has. Null when it cannot: no worker, no key on the server, or the browser refused.
 */
export async function subscribeThisDevice(): Promise<DeviceSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null
  try {
    const registration = await withTimeout(navigator.serviceWorker.ready, READY_WAIT_MS)
    if (!registration) return null
    const existing = await registration.pushManager.getSubscription()
    if (existing) return deviceSubscription(existing)
    const key = await fetchVapidPublicKey()
    if (!key) return null
    return deviceSubscription(await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }))
  } catch {
    return null
  }
}

/** The real browser and server for src/local/push-device.ts (PushDevicePorts). */
export const browserPushPorts = {
  online: () => typeof navigator === 'undefined' || navigator.onLine,
  browserSubscription: async (): Promise<DeviceSubscription | null | undefined> => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return undefined
    const subscription = await currentPushSubscription()
    return subscription ? deviceSubscription(subscription) : null
  },
  subscribe: subscribeThisDevice,
  unsubscribe: async () => void (await (await currentPushSubscription())?.unsubscribe()),
  post: postPushSubscription,
  remove: deletePushSubscription,
}

/** How long a logout waits for the server's DELETE: a dead network must not hold the owner on the page. */
const END_WAIT_MS = 2_000

/**
 * Ends push on this device, best effort and never throwing: the server forgets the subscription (only while a
 * session is stored: without one the call could only be refused), then the browser drops it, so even a server that
 * missed the DELETE gets 410 from the push service at its next push and removes it then.
 */
export async function endPushOnThisDevice(): Promise<void> {
  try {
    const subscription = await withTimeout(currentPushSubscription(), END_WAIT_MS)
    if (!subscription) return
    if (readTokens().token) await withTimeout(deletePushSubscription(subscription.endpoint).catch(() => undefined), END_WAIT_MS)
    await subscription.unsubscribe().catch(() => false)
  } catch {
    // Nothing more to do: the push service's 410 makes the server drop it.
  }
}
