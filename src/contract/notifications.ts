// Owns what crosses between the owner's device and the server about notifications (issue 29): the browser's push
// subscription as posted, the payload the service worker shows, the paths a tap opens, and the messages of refusals.
import * as v from 'valibot'
import { hasControlCharacters } from './text.ts'

export const NOTIFICATION_MESSAGES = {
  endpoint: 'The push subscription must have an https:// endpoint.',
  endpointHost: 'This push service is not supported. Push works with the browser’s own push service (Chrome, Firefox, Edge, Safari).',
  keys: 'The push subscription is missing its keys.',
  notFound: 'No such push subscription on this account.',
  renewalNotFound: 'No such push subscription.',
  testSent: 'Test notification sent.',
} as const

/** Where a tap on a notification leads: the dashboard's Purchases tab, or the Order tab with 'My orders'. */
export const NOTIFICATION_URLS = { purchases: '/dashboard?view=purchases', orders: '/dashboard?view=order' } as const

/** Longest endpoint accepted: real push services use a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2000
/** At most this many subscriptions per owner; a new one beyond it removes the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10

// v.url parses with the URL API, which drops a trailing NUL, so the raw text is checked too: it is stored and looked
// up as sent, and PostgreSQL refuses U+0000 in text (a 500 before this rule).
const Endpoint = v.pipe(
  v.string(NOTIFICATION_MESSAGES.endpoint),
  v.maxLength(PUSH_ENDPOINT_MAX, NOTIFICATION_MESSAGES.endpoint),
  v.check((endpoint) => !hasControlCharacters(endpoint), NOTIFICATION_MESSAGES.endpoint),
  v.url(NOTIFICATION_MESSAGES.endpoint),
)
// The browser's keys are base64url: p256dh an uncompressed P-256 point (87 characters), auth 16 bytes (22 characters).
const Key = (min: number, max: number) => v.pipe(v.string(NOTIFICATION_MESSAGES.keys), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, NOTIFICATION_MESSAGES.keys), v.minLength(min, NOTIFICATION_MESSAGES.keys), v.maxLength(max, NOTIFICATION_MESSAGES.keys))

/**
 * POST /api/push-subscriptions: the browser's PushSubscription.toJSON() plus this device's switches. It upserts by
 * endpoint, so the client posts it again to change the switches; unknown keys (expirationTime) are dropped.
 */
export const PushSubscriptionBodySchema = v.object({
  endpoint: Endpoint,
  keys: v.object({ p256dh: Key(80, 100), auth: Key(16, 32) }, NOTIFICATION_MESSAGES.keys),
  gifts: v.optional(v.boolean(), true),
  orders: v.optional(v.boolean(), true),
})
export type PushSubscriptionBody = v.InferInput<typeof PushSubscriptionBodySchema>

/** DELETE /api/push-subscriptions and POST /api/push-subscriptions/test. */
export const PushSubscriptionDeleteSchema = v.object({ endpoint: Endpoint })

/**
 * POST /api/public/push-renewals: the service worker's word that the browser replaced this device's subscription
 * (`pushsubscriptionchange`), sent without a session: the old endpoint, a secret only the browser, its push service
 * and this server know, names the device; its owner and switches carry over to the new one (decision 182).
 */
export const PushRenewalSchema = v.object({
  oldEndpoint: Endpoint,
  endpoint: Endpoint,
  keys: v.object({ p256dh: Key(80, 100), auth: Key(16, 32) }, NOTIFICATION_MESSAGES.keys),
})
export type PushRenewal = v.InferOutput<typeof PushRenewalSchema>

/** What POST /api/push-subscriptions answers (201 new, 200 updated): this device's switches as stored. */
export const PushSubscriptionStateSchema = v.object({ gifts: v.boolean(), orders: v.boolean(), createdAt: v.string() })
export type PushSubscriptionState = v.InferOutput<typeof PushSubscriptionStateSchema>

export const PUSH_PAYLOAD_TYPES = ['purchase', 'order', 'test'] as const
/** The JSON the service worker receives: only what the owner would see in the app. `tag` collapses repeats. */
export const PushPayloadSchema = v.object({
  type: v.picklist(PUSH_PAYLOAD_TYPES),
  title: v.string(),
  body: v.string(),
  /** An app path (NOTIFICATION_URLS), never an outside address. */
  url: v.pipe(v.string(), v.startsWith('/')),
  tag: v.optional(v.string()),
})
export type PushPayload = v.InferOutput<typeof PushPayloadSchema>
