// The pure parts of notifications, table by table: texts and payloads, the burst rule, the push answers, the endpoint
// allow-list (SSRF).
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PushPayloadSchema } from '../../src/contract/notifications.ts'
import { parseAllowHosts } from '../outbound/address-policy.ts'
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../config.ts'
import { orderNoticeOf } from './notification-events.ts'
import { type EventPayload, giftMailMode, giftRank, mailOf, pushPayloadOf, summaryMailOf } from './notification-texts.ts'
import { pushOutcome, retryAfterMs } from './push-answers.ts'
import { endpointOrigin, refusePushEndpoint } from './push-endpoint.ts'

const ID = '0123abcd-0000-4000-8000-000000000000'
const MIN = 60_000

describe('push payloads', () => {
  it.each<[EventPayload, { type: string; title: string; body: string; url: string }]>([
    [{ kind: 'gift', itemName: 'Mug', price: '12.5', purchaseId: 'p1' }, { type: 'purchase', title: 'A gift was bought from your wishlist', body: '“Mug” for €12.50', url: '/dashboard?view=purchases' }],
    [{ kind: 'message', itemName: 'Mug', message: 'Hi!', purchaseId: 'p1' }, { type: 'purchase', title: 'A message came with your gift', body: '“Mug”: Hi!', url: '/dashboard?view=purchases' }],
    [{ kind: 'order', notice: 'shipped', orderId: 'o1', trackingNumber: 'TN1' }, { type: 'order', title: 'Your shirt is on its way', body: 'Tracking number: TN1. The link is in My orders.', url: '/dashboard?view=order' }],
    [{ kind: 'order', notice: 'failed', orderId: 'o1' }, { type: 'order', title: 'Your order failed', body: 'The print provider could not make it. See My orders.', url: '/dashboard?view=order' }],
    [{ kind: 'order', notice: 'canceled', orderId: 'o1' }, { type: 'order', title: 'Your order was canceled', body: 'It will not be printed or charged. See My orders.', url: '/dashboard?view=order' }],
  ])('%j', (event, expected) => {
    const payload = pushPayloadOf(event, ID)
    expect(v.parse(PushPayloadSchema, payload)).toMatchObject(expected)
  })

  it('a long message is clipped far below the 4 KB push payload', () => {
    const payload = pushPayloadOf({ kind: 'message', itemName: 'x'.repeat(300), message: 'y'.repeat(2000), purchaseId: 'p' }, ID)
    expect(payload.body.length).toBeLessThanOrEqual(400)
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(3000)
  })

  it('mails link into the app, or to the parcel when it shipped', () => {
    expect(mailOf({ kind: 'gift', itemName: 'Mug', price: '3', purchaseId: 'p' }, 'https://q.test').link).toBe('https://q.test/dashboard?view=purchases')
    expect(mailOf({ kind: 'order', notice: 'shipped', orderId: 'o', trackingUrl: 'https://t.example/1' }, 'https://q.test').link).toBe('https://t.example/1')
    expect(mailOf({ kind: 'order', notice: 'failed', orderId: 'o' }, 'https://q.test').link).toBe('https://q.test/dashboard?view=order')
    expect(summaryMailOf([{ itemName: 'A', price: '1' }, { itemName: 'B', price: '2' }], 'https://q.test').subject).toBe('2 more gifts were bought from your wishlist')
  })
})

describe('the gift burst rule', () => {
  it.each<[string, number[], ('single' | 'summary')[]]>([
    ['three in a minute: each alone', [0, 1, 2].map((m) => m * MIN), ['single', 'single', 'single']],
    ['five in five minutes: the 4th and 5th gather', [0, 1, 2, 3, 4].map((m) => m * MIN), ['single', 'single', 'single', 'summary', 'summary']],
    ['a fourth after ten minutes is alone again', [0, 1, 2, 10].map((m) => m * MIN), ['single', 'single', 'single', 'single']],
    ['a sliding window: 0,5,9 then 12 has 5,9,12 before it', [0, 5, 9, 12, 13].map((m) => m * MIN), ['single', 'single', 'single', 'single', 'summary']],
    ['the same instant counts in order', [0, 0, 0, 0], ['single', 'single', 'single', 'summary']],
  ])('%s', (_, times, modes) => {
    expect(times.map((__, i) => giftMailMode(giftRank(times, i)))).toEqual(modes)
  })
})

describe('order notices', () => {
  it.each([
    [{ status: 'pending', trackingUrl: null }, { status: 'fulfilled', trackingUrl: 'https://t/1' }, 'shipped'],
    [{ status: 'fulfilled', trackingUrl: null }, { status: 'fulfilled', trackingUrl: 'https://t/1' }, 'shipped'],
    [{ status: 'fulfilled', trackingUrl: 'https://t/1' }, { status: 'fulfilled', trackingUrl: 'https://t/1' }, undefined],
    [{ status: 'pending', trackingUrl: null }, { status: 'failed', trackingUrl: null }, 'failed'],
    [{ status: 'draft', trackingUrl: null }, { status: 'canceled', trackingUrl: null }, 'canceled'],
    [{ status: 'draft', trackingUrl: null }, { status: 'inprocess', trackingUrl: null }, undefined],
  ] as const)('%j -> %j: %s', (before, after, notice) => {
    expect(orderNoticeOf(before, after)).toBe(notice)
  })
})

describe('push service answers', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  it.each([
    [201, null, { kind: 'sent' }],
    [404, null, { kind: 'gone' }],
    [410, null, { kind: 'gone' }],
    [429, '7', { kind: 'retry', notBeforeMs: 7000 }],
    [429, 'Wed, 25 Nov 2026 12:00:30 GMT', { kind: 'retry', notBeforeMs: 30_000 }],
    [503, 'soon', { kind: 'retry' }],
    [undefined, null, { kind: 'retry' }],
    [400, null, { kind: 'drop' }],
    [403, null, { kind: 'drop' }],
    [413, null, { kind: 'drop' }],
  ] as const)('%s %s -> %j', (status, header, outcome) => {
    expect(pushOutcome(status, header, now)).toEqual(outcome)
  })
  it('reads no Retry-After as none', () => expect(retryAfterMs(undefined, now)).toBeUndefined())
})

describe('the push endpoint allow-list', () => {
  const defaults = parseAllowHosts(DEFAULT_PUSH_SERVICE_HOSTS)
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', defaults, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', defaults, true],
    ['https://web.push.apple.com/QGx', defaults, true],
    ['https://wns2-db5p.notify.windows.com/w/?token=x', defaults, true],
    ['https://push.apple.com/x', defaults, false],
    ['https://evilpush.apple.com/x', defaults, false],
    ['https://fcm.googleapis.com:8443/x', defaults, false],
    ['https://fcm.googleapis.com.evil.example/x', defaults, false],
    ['https://user:pw@fcm.googleapis.com/x', defaults, false],
    ['http://fcm.googleapis.com/x', defaults, false],
    ['https://169.254.169.254/latest', defaults, false],
    ['ftp://fcm.googleapis.com/x', defaults, false],
    ['not a url', defaults, false],
    ['http://127.0.0.1:4567/push/1', ['127.0.0.1:4567'], true],
    ['http://127.0.0.1:4568/push/1', ['127.0.0.1:4567'], false],
    ['http://10.0.0.1:4567/push/1', ['10.0.0.1:4567'], false],
  ] as const)('%s', (endpoint, hosts, allowed) => {
    expect(refusePushEndpoint(endpoint, hosts) === undefined).toBe(allowed)
  })
  it('logs only the origin', () => expect(endpointOrigin('https://fcm.googleapis.com/fcm/send/secret-part')).toBe('https://fcm.googleapis.com'))
})
