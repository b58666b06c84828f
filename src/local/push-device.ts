// Owns this device's push switches (issue 29): kept in meta beside the owner's data (a logout wipes them with it), and
// brought to the server when online: the subscription posted with the switches, or deleted when both are off.
import { ApiError } from '../api/client.ts'
import type { DeviceSubscription, DeviceSwitches } from '../api/push-subscriptions.ts'
import type { OwnerDatabase } from './db.ts'
import { readMeta, writeMeta, type MetaValue } from './meta.ts'

export type PushDeviceState = MetaValue<'pushDevice'>

export const PUSH_DEVICE_OFF: PushDeviceState = { gifts: false, orders: false, subscription: null, pending: false, revision: 0, error: null }

export async function readPushDevice(db: OwnerDatabase): Promise<PushDeviceState> {
  return (await readMeta(db, 'pushDevice')) ?? PUSH_DEVICE_OFF
}

/** Records the owner's switches as pending; `subscription` is the browser's when the page already has one. */
export function choosePushSwitches(db: OwnerDatabase, switches: DeviceSwitches, subscription?: DeviceSubscription | null): Promise<PushDeviceState> {
  return db.transaction('rw', db.meta, async () => {
    const before = await readPushDevice(db)
    const next: PushDeviceState = {
      ...switches,
      subscription: subscription === undefined ? before.subscription : subscription,
      pending: true,
      revision: before.revision + 1,
      error: null,
    }
    await writeMeta(db, 'pushDevice', next)
    return next
  })
}

/** What the sync needs of the browser and the server; the page passes the real ones, tests fakes. */
export type PushDevicePorts = {
  online: () => boolean
  /** The browser's current subscription (null: none), or undefined where push is not available at all. */
  browserSubscription: () => Promise<DeviceSubscription | null | undefined>
  /** Subscribes the browser (permission already granted); null when it cannot (no key, refused, no support). */
  subscribe: () => Promise<DeviceSubscription | null>
  unsubscribe: () => Promise<void>
  post: (subscription: DeviceSubscription, switches: DeviceSwitches) => Promise<void>
  remove: (endpoint: string) => Promise<void>
}

export type PushDeviceSync = 'nothing-to-do' | 'sent' | 'waiting' | 'refused'

/** A refusal the owner must see (a 4xx other than the session's or the rate limit's); anything else is tried again. */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.status < 400 || error.status >= 500 || [401, 403, 408, 429].includes(error.status)) return null
  return error.message
}

/** Marks the state confirmed (or refused) unless the owner changed it while the call was out. */
async function settle(db: OwnerDatabase, revision: number, change: Partial<PushDeviceState>): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const now = await readPushDevice(db)
    if (now.revision !== revision) return false
    await writeMeta(db, 'pushDevice', { ...now, ...change })
    return true
  })
}

/**
 * Brings the server (and the browser) to the owner's switches. With a switch on and no subscription, or a browser
 * whose subscription is not the one recorded (dropped at a forced sign-out, renewed by the browser), it subscribes
 * again and posts. With both off it deletes the subscription on the server, then in the browser. Offline or on a
 * failure it waits for the next call (the 'online' event, the next sign-in, the next visit of the settings).
 */
export async function syncPushDevice(db: OwnerDatabase, ports: PushDevicePorts): Promise<PushDeviceSync> {
  const state = await readPushDevice(db)
  const wanted = state.gifts || state.orders
  const browser = await ports.browserSubscription().catch(() => undefined)
  const drifted = wanted && browser !== undefined && browser?.endpoint !== state.subscription?.endpoint
  if (!state.pending && !drifted) return 'nothing-to-do'
  if (!ports.online()) return 'waiting'
  try {
    if (!wanted) {
      if (state.subscription) await ports.remove(state.subscription.endpoint).catch((error: unknown) => {
        // Already gone on the server: nothing left to delete.
        if (!(error instanceof ApiError && error.status === 404)) throw error
      })
      await ports.unsubscribe().catch(() => undefined)
      return (await settle(db, state.revision, { subscription: null, pending: false, error: null })) ? 'sent' : 'waiting'
    }
    const subscription = browser ?? (await ports.subscribe())
    if (!subscription) return 'waiting'
    await ports.post(subscription, { gifts: state.gifts, orders: state.orders })
    return (await settle(db, state.revision, { subscription, pending: false, error: null })) ? 'sent' : 'waiting'
  } catch (error) {
    const message = refusal(error)
    if (message === null) return 'waiting'
    // Refused for good (say, a push service the server does not accept): the switches go off with the reason shown,
    // and the browser's subscription goes too, so nothing is retried in a loop.
    await ports.unsubscribe().catch(() => undefined)
    await settle(db, state.revision, { gifts: false, orders: false, subscription: null, pending: false, error: message })
    return 'refused'
  }
}
