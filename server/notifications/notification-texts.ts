// Owns the words of notifications (issue 29): the push payload and the mail of each event, the gift summary, and the
// rule that turns a burst of gifts into one summary mail. Pure, so a table test reads every text and rule.
import { NOTIFICATION_URLS, type PushPayload } from '../../src/contract/notifications.ts'
import { formatEuro } from '../../src/lib/money.ts'

export type OrderNotice = 'shipped' | 'failed' | 'canceled'
/** What a stored event carries (notification_events.payload): only what the owner sees in the app. */
export type EventPayload =
  | { kind: 'gift'; itemName: string; price: string; purchaseId: string }
  | { kind: 'message'; itemName: string; message: string; purchaseId: string }
  | { kind: 'order'; notice: OrderNotice; orderId: string; trackingUrl?: string; trackingNumber?: string }

/** A notification's body stays far below Web Push's 4 KB payload, whatever the item name or message. */
const BODY_MAX = 400
const clip = (text: string, max = BODY_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const price = (value: string) => formatEuro(Number(value))

export const NOTIFICATION_TEXTS = {
  giftTitle: 'A gift was bought from your wishlist',
  giftBody: (item: string, amount: string) => `“${item}” for ${price(amount)}`,
  messageTitle: 'A message came with your gift',
  messageBody: (item: string, message: string) => `“${item}”: ${message}`,
  orderTitle: { shipped: 'Your shirt is on its way', failed: 'Your order failed', canceled: 'Your order was canceled' } satisfies Record<OrderNotice, string>,
  orderBody: {
    shipped: (tracking?: string) => (tracking ? `Tracking number: ${tracking}. The link is in My orders.` : 'The tracking link is in My orders.'),
    failed: () => 'The print provider could not make it. See My orders.',
    canceled: () => 'It will not be printed or charged. See My orders.',
  } satisfies Record<OrderNotice, (tracking?: string) => string>,
  testTitle: 'QR Tee test notification',
  testBody: 'Notifications work on this device.',
  summarySubject: (count: number) => `${count} more gifts were bought from your wishlist`,
} as const

/** The push payload of an event: what the service worker shows and where a tap leads. */
export function pushPayloadOf(event: EventPayload, eventId: string): PushPayload {
  switch (event.kind) {
    case 'gift':
      return { type: 'purchase', title: NOTIFICATION_TEXTS.giftTitle, body: clip(NOTIFICATION_TEXTS.giftBody(event.itemName, event.price)), url: NOTIFICATION_URLS.purchases, tag: `purchase-${event.purchaseId}` }
    case 'message':
      return { type: 'purchase', title: NOTIFICATION_TEXTS.messageTitle, body: clip(NOTIFICATION_TEXTS.messageBody(event.itemName, event.message)), url: NOTIFICATION_URLS.purchases, tag: `message-${event.purchaseId}` }
    case 'order':
      return { type: 'order', title: NOTIFICATION_TEXTS.orderTitle[event.notice], body: clip(NOTIFICATION_TEXTS.orderBody[event.notice](event.trackingNumber)), url: NOTIFICATION_URLS.orders, tag: `order-${event.orderId}-${eventId.slice(0, 8)}` }
  }
}

export function testPayload(): PushPayload {
  return { type: 'test', title: NOTIFICATION_TEXTS.testTitle, body: NOTIFICATION_TEXTS.testBody, url: NOTIFICATION_URLS.purchases, tag: 'test' }
}

/** Mail payload of the generic 'notification' kind (server/mail/mail-templates.ts): subject, paragraphs, one link. */
export type NotificationMail = { subject: string; paragraphs: string; linkLabel: string; link: string }

const PARAGRAPH = '\n\n'

/** The mail of one event; `publicUrl` makes the app's path a link. */
export function mailOf(event: EventPayload, publicUrl: string): NotificationMail {
  const purchases = { linkLabel: 'Open Purchases', link: `${publicUrl}${NOTIFICATION_URLS.purchases}` }
  switch (event.kind) {
    case 'gift':
      return { subject: NOTIFICATION_TEXTS.giftTitle, paragraphs: [NOTIFICATION_TEXTS.giftBody(event.itemName, event.price), preferenceNote('gift')].join(PARAGRAPH), ...purchases }
    case 'message':
      return { subject: NOTIFICATION_TEXTS.messageTitle, paragraphs: [NOTIFICATION_TEXTS.messageBody(event.itemName, event.message), preferenceNote('gift')].join(PARAGRAPH), ...purchases }
    case 'order': {
      const track = event.notice === 'shipped' && event.trackingUrl
      return {
        subject: NOTIFICATION_TEXTS.orderTitle[event.notice],
        paragraphs: [NOTIFICATION_TEXTS.orderBody[event.notice](event.trackingNumber), preferenceNote('order')].join(PARAGRAPH),
        ...(track ? { linkLabel: 'Track the parcel', link: event.trackingUrl ?? '' } : { linkLabel: 'Open My orders', link: `${publicUrl}${NOTIFICATION_URLS.orders}` }),
      }
    }
  }
}

/** The one mail of a gift burst: every gift it gathered, oldest first. */
export function summaryMailOf(gifts: { itemName: string; price: string }[], publicUrl: string): NotificationMail {
  const lines = gifts.map((gift) => `- ${NOTIFICATION_TEXTS.giftBody(gift.itemName, gift.price)}`)
  return {
    subject: NOTIFICATION_TEXTS.summarySubject(gifts.length),
    paragraphs: ['Your wishlist is popular: these gifts were bought in the last few minutes.', ...lines, preferenceNote('gift')].join(PARAGRAPH),
    linkLabel: 'Open Purchases',
    link: `${publicUrl}${NOTIFICATION_URLS.purchases}`,
  }
}

function preferenceNote(kind: 'gift' | 'order'): string {
  return `You get this mail because ${kind === 'gift' ? 'gift' : 'order'} emails are on in Profile settings.`
}

/** A burst: more than BURST_SINGLES gift mails in BURST_WINDOW_MS become one summary for the rest. */
export const BURST_WINDOW_MS = 10 * 60_000
export const BURST_SINGLES = 3

/**
 * Whether a gift is mailed alone or in the summary: by its rank among the owner's gifts created in the BURST_WINDOW_MS
 * up to and including it (`rank` counts it too). The first three of any ten minutes are mailed alone; from the fourth
 * on they gather. It depends only on the events' creation times, so any server, at any time, decides the same.
 */
export function giftMailMode(rank: number): 'single' | 'summary' {
  return rank <= BURST_SINGLES ? 'single' : 'summary'
}

/** The rank `giftMailMode` takes, from the creation times of the owner's gifts (pure, for the table test). */
export function giftRank(createdAt: readonly number[], index: number): number {
  const at = createdAt[index] ?? 0
  return createdAt.filter((t, i) => t > at - BURST_WINDOW_MS && (t < at || (t === at && i <= index))).length
}
