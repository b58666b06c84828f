// Issue 29 with two servers (own processes) on one PostgreSQL: purchases made through both reach each device exactly
// once and the verified address exactly once; neither server sends what the other sent.
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakePushService, startFakePushService } from '../fake-push-service.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { describeWithPostgres, type ServerGroup, signUpOn, startServers } from './two-servers.ts'

const PURCHASES = 12

describeWithPostgres('Notifications with two servers on one PostgreSQL', (postgresUrl) => {
  const sink = new SmtpSink()
  let push: FakePushService
  let group: ServerGroup
  beforeAll(async () => {
    await sink.start()
    push = await startFakePushService()
    group = await startServers(postgresUrl, { env: { PUSH_SERVICE_HOSTS: push.host, SMTP_URL: sink.url, RATE_LIMIT_SCALE: '100' } })
  }, 120_000)
  afterAll(async () => {
    await group?.close()
    await push?.close()
    await sink.stop()
  })

  it('each purchase is pushed once to each device and mailed once, whichever server took it', async () => {
    const [a, b] = group.servers
    if (!a || !b) throw new Error('two servers expected')
    const owner = await signUpOn(a, 'pair')
    const client = new pg.Client({ connectionString: group.database.url })
    await client.connect()
    await client.query('update users set email_verified_at = now() where email = $1', [owner.email])
    await client.end()
    const devices = [push.newSubscription(), push.newSubscription()]
    expect((await a.request('POST', '/api/push-subscriptions', { token: owner.token, body: devices[0] })).status).toBe(201)
    expect((await b.request('POST', '/api/push-subscriptions', { token: owner.token, body: devices[1] })).status).toBe(201)
    const bought: string[] = []
    for (let i = 0; i < PURCHASES; i++) {
      const server = i % 2 === 0 ? a : b
      const item = await a.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: { name: `Pair wish ${i}`, description: 'Bought through either server.', price: 5, brand: 'Pair' } })
      const res = await server.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: item.json.id } })
      expect(res.status).toBe(201)
      bought.push(`purchase-${res.json.purchaseId as string}`)
    }
    for (const device of devices) await push.waitFor(device.endpoint, PURCHASES, 30_000)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    for (const device of devices) {
      const tags = push.messages(device.endpoint).map((m) => (m.json as { tag: string }).tag)
      expect(tags.sort()).toEqual([...bought].sort())
    }
    // Mail: the first three alone, exactly once each; the rest gather in a summary sent 10 minutes on (decision 151).
    const mails = sink.mails.filter((m) => m.envelopeTo.includes(owner.email.toLowerCase()) && !(m.headers.get('subject') ?? '').includes('Confirm'))
    const singles = mails.filter((m) => m.headers.get('subject') === 'A gift was bought from your wishlist')
    expect(singles).toHaveLength(3)
  }, 120_000)
})
