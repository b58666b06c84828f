// Issue 29 on both databases, against the fake push service and an SMTP sink: a visitor's purchase reaches every
// subscribed device once and the verified address once; switches and preferences; at most 10 devices; the endpoint
// allow-list (SSRF); logout, deletion and export; and no endpoint in any log line.
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, expect, it } from 'vitest'
import { pushSubscriptions, users } from '../../server/db/schema.ts'
import { notificationsFor } from '../../server/notifications/notifications.ts'
import { NOTIFICATION_MESSAGES, PushPayloadSchema } from '../../src/contract/notifications.ts'
import { decodedBody, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, type TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { buyNewWish, notificationPeers, notifyingApp, subscribe, verifiedOwner } from './notification-helpers.ts'
import { signUpOwner } from './owner-helpers.ts'

const peers = notificationPeers()
const { sink } = peers

const GIFT_SUBJECT = 'A gift was bought from your wishlist'

describeEachDatabase('Notifications of a purchase', (getDatabase, database) => {
  let t: TestApp
  const logs = captureLogs()
  beforeAll(async () => {
    t = notifyingApp(await getDatabase(), peers.push, sink, `@notify-${database.name}.test`, { logger: logs.logger })
  })
  const settled = async () => {
    await notificationsFor(t.deps).idle()
    await notificationsFor(t.deps).idle()
  }
  // Notification mail only: registering also mails a verification link.
  const mailsTo = (email: string) => sink.mails.filter((m) => m.envelopeTo.includes(email.toLowerCase()) && !(m.headers.get('subject') ?? '').includes('Confirm your email'))

  it('a purchase reaches each subscribed device once and the verified address once, with what the owner sees in the app', async () => {
    const owner = await verifiedOwner(t, 'gift')
    const [phone, laptop] = [peers.push.newSubscription(), peers.push.newSubscription()]
    expect((await subscribe(t, owner, phone)).status).toBe(201)
    expect((await subscribe(t, owner, laptop)).status).toBe(201)
    // Posting it again is an update of the same device, not a second one.
    const again = await subscribe(t, owner, laptop)
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ gifts: true, orders: true })

    await buyNewWish(t, owner, 'Blue mug', 12.5)
    const [phoneGot] = await peers.push.waitFor(phone.endpoint)
    await peers.push.waitFor(laptop.endpoint)
    const mail = await waitForMail(sink, owner.email, GIFT_SUBJECT)
    await settled()
    expect(peers.push.messages(phone.endpoint)).toHaveLength(1)
    expect(peers.push.messages(laptop.endpoint)).toHaveLength(1)
    expect(mailsTo(owner.email)).toHaveLength(1)
    const payload = v.parse(PushPayloadSchema, phoneGot?.json)
    expect(payload).toMatchObject({ type: 'purchase', title: GIFT_SUBJECT, body: '“Blue mug” for €12.50', url: '/dashboard?view=purchases' })
    expect(phoneGot?.vapidKey).toBe(t.deps.config.vapidPublicKey)
    // decodedBody undoes quoted-printable byte by byte, so only the ASCII parts are compared.
    expect(decodedBody(mail)).toMatch(/Blue mug.{1,9} for .{1,9}12\.50/)
    expect(decodedBody(mail)).toContain(`${t.deps.config.publicUrl}/dashboard?view=purchases`)
  })

  it('the visitor’s message is told too, and a test notification takes the same path', async () => {
    const owner = await verifiedOwner(t, 'msg')
    const device = peers.push.newSubscription()
    await subscribe(t, owner, device)
    const { purchaseId } = await buyNewWish(t, owner, 'Red <b>scarf</b>')
    const sent = await t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases/${purchaseId}/message`, {
      body: { email: 'buyer@example.org', message: 'Happy birthday & see you soon' },
    })
    expect(sent.status).toBe(204)
    const [, message] = await peers.push.waitFor(device.endpoint, 2)
    expect(message?.json).toMatchObject({ type: 'purchase', title: 'A message came with your gift', body: '“Red <b>scarf</b>”: Happy birthday & see you soon' })
    const mail = await waitForMail(sink, owner.email, 'A message came with your gift')
    // The HTML part escapes what a visitor wrote (the plain-text part has it as written).
    expect(decodedBody(mail)).toContain('&lt;b&gt;scarf&lt;/b&gt;')
    expect(decodedBody(mail).split('<!doctype html>')[1]).not.toContain('<b>scarf</b>')
    expect((await t.request('POST', '/api/push-subscriptions/test', { token: owner.token, body: { endpoint: device.endpoint } })).status).toBe(202)
    const all = await peers.push.waitFor(device.endpoint, 3)
    expect(all[2]?.json).toMatchObject({ type: 'test', title: 'QR Tee test notification' })
  })

  it('an unverified address gets no mail; a device with gifts off and an owner with gift emails off get nothing', async () => {
    const unverified = await signUpOwner(t, 'unverified')
    const quiet = await verifiedOwner(t, 'quiet')
    const [on, off] = [peers.push.newSubscription(), peers.push.newSubscription()]
    await subscribe(t, unverified, on)
    await subscribe(t, quiet, off, { gifts: false })
    expect((await t.request('PUT', '/api/profiles', { token: quiet.token, body: { emailOnGift: false } })).json).toMatchObject({ emailOnGift: false, emailOnOrder: true })
    await buyNewWish(t, unverified)
    await buyNewWish(t, quiet)
    await peers.push.waitFor(on.endpoint)
    await settled()
    expect(peers.push.messages(off.endpoint)).toEqual([])
    expect(mailsTo(unverified.email)).toEqual([])
    expect(mailsTo(quiet.email)).toEqual([])
  })

  it('an 11th device removes the oldest', async () => {
    const owner = await verifiedOwner(t, 'many')
    const devices = Array.from({ length: 11 }, () => peers.push.newSubscription())
    for (const device of devices) {
      expect((await subscribe(t, owner, device)).status).toBe(201)
      t.clock.advance(1000)
    }
    const kept = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, await userIdOf(t, owner.email)))
    expect(kept.map((k) => k.endpoint).sort()).toEqual(devices.slice(1).map((d) => d.endpoint).sort())
  })

  it('refuses endpoints that are not a known push service, and strangers', async () => {
    const owner = await signUpOwner(t, 'ssrf')
    const keys = peers.push.newSubscription().keys
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/push',
      `http://127.0.0.1:${Number(peers.push.host.split(':')[1]) + 1}/push/x`,
      'http://10.0.0.1/push',
    ]) {
      const res = await t.request('POST', '/api/push-subscriptions', { token: owner.token, body: { endpoint, keys } })
      expect(res.status, endpoint).toBe(400)
      expect([NOTIFICATION_MESSAGES.endpoint, NOTIFICATION_MESSAGES.endpointHost]).toContain(res.json.message)
    }
    expect((await t.request('POST', '/api/push-subscriptions', { body: { endpoint: peers.push.newSubscription().endpoint, keys } })).status).toBe(401)
    expect((await t.request('POST', '/api/push-subscriptions', { token: owner.token, body: { endpoint: peers.push.newSubscription().endpoint, keys: { p256dh: 'x' } } })).json.message).toBe(NOTIFICATION_MESSAGES.keys)
  })

  it('refuses an endpoint with a control character on POST, DELETE and test with the endpoint’s message, storing nothing', async () => {
    const owner = await signUpOwner(t, 'nul-endpoint')
    const { endpoint, keys } = peers.push.newSubscription()
    for (const control of ['\u0000', '\u0007', '\u001b']) {
      const body = { endpoint: `${endpoint}${control}`, keys }
      for (const [method, path] of [['POST', '/api/push-subscriptions'], ['DELETE', '/api/push-subscriptions'], ['POST', '/api/push-subscriptions/test']] as const) {
        const res = await t.request(method, path, { token: owner.token, body })
        expect(res.status, `${method} ${path} ${JSON.stringify(control)}`).toBe(400)
        expect(res.json.message).toBe(NOTIFICATION_MESSAGES.endpoint)
      }
    }
    const stored = await t.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).innerJoin(users, eq(users.id, pushSubscriptions.userId)).where(eq(users.email, owner.email))
    expect(stored).toEqual([])
  })

  it('DELETE and logout end a device, deletion ends all; the export has the push service and switches, not the endpoint or keys', async () => {
    const owner = await verifiedOwner(t, 'bye')
    const [kept, deleted, loggedOut] = [peers.push.newSubscription(), peers.push.newSubscription(), peers.push.newSubscription()]
    await subscribe(t, owner, kept, { orders: false })
    await subscribe(t, owner, deleted)
    const other = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    await subscribe(t, { ...owner, token: other.json.token }, loggedOut)
    expect((await t.request('DELETE', '/api/push-subscriptions', { token: owner.token, body: { endpoint: deleted.endpoint } })).status).toBe(204)
    expect((await t.request('POST', '/api/auth/logout', { body: { refreshToken: other.json.refreshToken } })).status).toBe(204)

    const exported = await t.request('GET', '/api/users/me/export', { token: owner.token })
    expect(exported.json.pushSubscriptions).toEqual([{ pushService: peers.push.url, gifts: true, orders: false, createdAt: expect.any(String) }])
    expect(exported.json.profile).toMatchObject({ emailOnGift: true, emailOnOrder: true })
    expect(exported.text).not.toContain(kept.endpoint)
    expect(exported.text).not.toContain(kept.keys.auth)

    await buyNewWish(t, owner)
    await peers.push.waitFor(kept.endpoint)
    await settled()
    expect(peers.push.messages(deleted.endpoint)).toEqual([])
    expect(peers.push.messages(loggedOut.endpoint)).toEqual([])

    const userId = await userIdOf(t, owner.email)
    expect((await t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(204)
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([])
  })

  it('no log line holds an endpoint’s path or a key', () => {
    const text = logs.text()
    for (const message of peers.push.allMessages()) expect(text).not.toContain(message.endpoint.slice(message.endpoint.lastIndexOf('/') + 1))
  })
})

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}
