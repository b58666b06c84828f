// Benchmark (issue 29): the time from a visitor's purchase answer to the push reaching the push service, with two
// servers (own processes) on one PostgreSQL database and the fake push service of the tests. 200 purchases, two at a
// time on each server; prints median, p99 and max, and how many pushes arrived (exactly one per purchase expected).
// Run: TEST_DATABASE_URL=postgres://... npm run bench:notify [-- --purchases 200 --concurrency 4]
import { parseArgs } from 'node:util'
import { startServers } from '../tests/api/two-servers.ts'
import { startFakePushService } from '../tests/fake-push-service.ts'

const { values } = parseArgs({ options: { purchases: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '4' } } })
const PURCHASES = Number(values.purchases)
const CONCURRENCY = Number(values.concurrency)
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!databaseUrl) {
  console.error('bench:notify needs PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server it may create a database on.')
  process.exit(2)
}

const push = await startFakePushService()
const group = await startServers(databaseUrl, { count: 2, env: { PUSH_SERVICE_HOSTS: push.host, RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' } })
try {
  const [a, b] = group.servers
  if (!a || !b) throw new Error('two servers expected')
  const suffix = Date.now().toString(36)
  const registered = await a.request('POST', '/api/auth/register', { body: { username: `bench_${suffix}`, email: `bench.${suffix}@example.test`, password: 'correct horse 42' } })
  const token = registered.json.token as string
  const profile = (await a.request('GET', '/api/profiles', { token })).json as { id: string; shareableId: string }
  const device = push.newSubscription()
  const subscribed = await a.request('POST', '/api/push-subscriptions', { token, body: device })
  if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${subscribed.text}`)
  const items: string[] = []
  for (let i = 0; i < PURCHASES; i++) {
    const item = await a.request('POST', `/api/wishlist-items/profile/${profile.id}`, { token, body: { name: `Wish ${i}`, description: 'A benchmark wish, any colour.', price: 10 + i, brand: 'Bench' } })
    if (item.status !== 201) throw new Error(`item: ${item.status} ${item.text}`)
    items.push(item.json.id as string)
  }

  const answeredAt = new Map<string, number>()
  let next = 0
  const started = Date.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const server = worker % 2 === 0 ? a : b
      for (let i = next++; i < PURCHASES; i = next++) {
        const res = await server.request('POST', `/api/public/profiles/${profile.shareableId}/purchases`, { body: { wishlistItemId: items[i] } })
        if (res.status !== 201) throw new Error(`purchase: ${res.status} ${res.text}`)
        answeredAt.set(`purchase-${res.json.purchaseId as string}`, Date.now())
      }
    }),
  )
  const purchasingMs = Date.now() - started
  await push.waitFor(device.endpoint, PURCHASES, 120_000)
  // A little longer: a duplicate would arrive after the last first copy.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const messages = push.messages(device.endpoint)
  const latencies = messages
    .map((m) => m.receivedAt - (answeredAt.get((m.json as { tag?: string }).tag ?? '') ?? Number.NaN))
    .filter((ms) => Number.isFinite(ms))
    .sort((x, y) => x - y)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? Number.NaN
  const tags = new Set(messages.map((m) => (m.json as { tag?: string }).tag))
  console.log(`bench:notify: ${PURCHASES} purchases on 2 servers (${CONCURRENCY} at a time) in ${purchasingMs} ms; ${messages.length} pushes received, ${tags.size} distinct`)
  console.log(`purchase answer -> push received: median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms, min ${latencies[0]} ms (goal: p99 < 2000 ms)`)
} finally {
  await group.close()
  await push.close()
}
