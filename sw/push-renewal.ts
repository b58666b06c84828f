// Owns what the worker does when the browser replaces the push subscription (`pushsubscriptionchange`, decision 182):
// it subscribes again where the browser did not, and tells the server the device's new endpoint, without a session,
// so gifts keep reaching an owner who has not opened the app since.
import { apiPaths } from '../src/contract/api-paths.ts'

/** What the worker needs of a PushSubscription: its endpoint, the options to subscribe again with, its JSON. */
export type SubscriptionLike = {
  endpoint: string
  options?: { applicationServerKey?: ArrayBuffer | null }
  toJSON: () => { endpoint?: string; keys?: Record<string, string> }
}

export type SubscriptionChange = { oldSubscription: SubscriptionLike | null; newSubscription: SubscriptionLike | null }

/** The browser and the network, as the worker has them; tests pass fakes. */
export type RenewalPorts = {
  subscribe: (options: { userVisibleOnly: true; applicationServerKey: ArrayBuffer | null }) => Promise<SubscriptionLike>
  /** The answer's status; rejects when nothing answered (offline). */
  post: (path: string, body: unknown) => Promise<number>
  wait: (ms: number) => Promise<void>
}

export type RenewalOutcome = 'renewed' | 'no-old-subscription' | 'cannot-subscribe' | 'unknown-device' | 'refused' | 'failed'

/** Waits before the second and third try: a phone waking from sleep often has no network for a moment. */
export const RENEWAL_RETRY_WAITS_MS = [2_000, 10_000] as const

export async function renewSubscription(change: SubscriptionChange, ports: RenewalPorts): Promise<RenewalOutcome> {
  const old = change.oldSubscription
  // Without the old endpoint the server cannot tell which device this is: the app posts the browser's current
  // subscription when it next starts (it notices the endpoint changed).
  if (!old) return 'no-old-subscription'
  let next = change.newSubscription
  if (!next) {
    try {
      next = await ports.subscribe({ userVisibleOnly: true, applicationServerKey: old.options?.applicationServerKey ?? null })
    } catch {
      // Permission withdrawn, or no key: nothing to move; the server drops the dead endpoint at its next push.
      return 'cannot-subscribe'
    }
  }
  const json = next.toJSON()
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (!json.endpoint || !p256dh || !auth) return 'cannot-subscribe'
  const body = { oldEndpoint: old.endpoint, endpoint: json.endpoint, keys: { p256dh, auth } }
  for (let attempt = 0; ; attempt++) {
    const status = await ports.post(apiPaths.pushRenewals, body).catch(() => 0)
    if (status >= 200 && status < 300) return 'renewed'
    if (status === 404) return 'unknown-device'
    // A 400 will not change on a retry (a push service the server does not take); no answer, 408, 429 and 5xx may.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused'
    const wait = RENEWAL_RETRY_WAITS_MS[attempt]
    if (wait === undefined) return 'failed'
    await ports.wait(wait)
  }
}
