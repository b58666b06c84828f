// Shared steps of the notification specs (issue 29): a subscription minted by the fake push service, a browser whose
// PushManager answers with it (this machine reaches no real push service), and the pushes the fake service decrypted.
import type { BrowserContext } from 'playwright-core'
import * as v from 'valibot'
import { inject } from 'vitest'

const FakeSubscriptionSchema = v.object({ endpoint: v.string(), keys: v.object({ p256dh: v.string(), auth: v.string() }) })
export type FakeSubscription = v.InferOutput<typeof FakeSubscriptionSchema>

const PushSchema = v.looseObject({ type: v.string(), title: v.string(), body: v.string(), url: v.string() })
export type ReceivedPush = v.InferOutput<typeof PushSchema>

/** The global setup's control address of the fake push service (tests/e2e/global-setup.ts). */
const control = () => inject('pushControlOrigin')

/** A subscription whose endpoint is the fake push service and whose private key it keeps to decrypt. */
export async function mintSubscription(): Promise<FakeSubscription> {
  const response = await fetch(`${control()}/subscriptions`, { method: 'POST' })
  if (!response.ok) throw new Error(`minting a subscription failed: ${response.status}`)
  return v.parse(FakeSubscriptionSchema, await response.json())
}

/** The payloads pushed to `subscription` so far, decrypted by the fake service (its VAPID checks passed). */
export async function pushesTo(subscription: FakeSubscription): Promise<ReceivedPush[]> {
  const response = await fetch(`${control()}/pushes?endpoint=${encodeURIComponent(subscription.endpoint)}`)
  if (!response.ok) throw new Error(`reading the pushes failed: ${response.status}`)
  return v.parse(v.array(PushSchema), await response.json())
}

/**
 * Every page of the context gets a PushManager that answers `subscription` (kept across reloads in localStorage, as
 * the browser keeps a real one) and forgets it on unsubscribe().
 */
export async function installFakePush(context: BrowserContext, subscription: FakeSubscription): Promise<void> {
  await context.addInitScript((minted) => {
    if (typeof PushManager === 'undefined') return
    const KEY = 'e2e:fake-push-subscribed'
    const fake = {
      endpoint: minted.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: minted.endpoint, expirationTime: null, keys: minted.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY)
        return true
      },
    }
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(KEY, '1')
      return fake as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function getSubscription() {
      return localStorage.getItem(KEY) === '1' ? (fake as unknown as PushSubscription) : null
    }
  }, subscription)
}
