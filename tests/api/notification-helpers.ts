// Helpers of the notification API tests (issue 29): an app that pushes to the fake push service and mails to the SMTP
// sink for its own owners only (mailScope), an owner with a verified address, a subscribed device, a visitor's purchase.
import { eq } from 'drizzle-orm'
import { loadConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/client.ts'
import { users } from '../../server/db/schema.ts'
import type { AppDeps } from '../../server/deps.ts'
import { afterAll, beforeAll } from 'vitest'
import { type FakePushService, type FakeSubscription, startFakePushService } from '../fake-push-service.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner } from './owner-helpers.ts'

export const PUBLIC_URL = 'https://qrtee.test'
/** Retries in milliseconds rather than seconds, and a lease a test can wait out. */
export const FAST_RETRY = { firstMs: 100, maxMs: 1_000, leaseMs: 1_500 }

export type NotificationPeers = { sink: SmtpSink; push: FakePushService }

/** The fake push service and the SMTP sink of a test file: started before its tests, stopped after them. */
export function notificationPeers(): NotificationPeers {
  const peers = { sink: new SmtpSink() } as NotificationPeers
  beforeAll(async () => {
    await peers.sink.start()
    peers.push = await startFakePushService()
  })
  afterAll(async () => {
    await peers.sink.stop()
    await peers.push.close()
  })
  return peers
}

export function notifyingApp(database: Database, push: FakePushService, sink: SmtpSink, scope: string, overrides: Partial<AppDeps> = {}) {
  const config = loadConfig({
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    DATA_DIR: '.tmp/test-data',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    SMTP_URL: sink.url,
    PUSH_SERVICE_HOSTS: push.host,
  })
  return new TestApp(database, { config, mailScope: scope, accountMailRetry: FAST_RETRY, notificationOptions: { retry: FAST_RETRY, summaryDelayMs: 500, pushTimeoutMs: 1_000 }, ...overrides })
}

export async function verifiedOwner(t: TestApp, prefix = 'notify') {
  const owner = await signUpOwner(t, prefix)
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, owner.email))
  return owner
}

export async function subscribe(t: TestApp, owner: Owner, subscription: FakeSubscription, switches: { gifts?: boolean; orders?: boolean } = {}) {
  return t.request('POST', '/api/push-subscriptions', { token: owner.token, body: { ...subscription, ...switches } })
}

/** A wish on the owner's list bought by a visitor: the purchase's answer. */
export async function buyNewWish(t: TestApp, owner: Owner, name = 'Blue mug', price = 12.5) {
  const item = await createItem(t, owner, { name, price })
  const res = await t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: item.id } })
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${res.text}`)
  return res.json as { purchaseId: string }
}
