// Issue 27 item 4: page loads and reports from one address, each with another user agent and spread over two servers,
// count no more than that address's allowance on both together (decision 128): inflating costs addresses, not requests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit.ts'
import { describeWithPostgres, type RunningServer, type ServerGroup, signUpOn, startServers } from './two-servers.ts'

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const SCALE = 0.1
const PER_ADDRESS = Math.round(DEFAULT_RATE_LIMITS.scansPerAddress.max * SCALE)

function visitorSite(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-inflation-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), '<!doctype html><html><head><title>QR Tee</title><link rel="canonical" href="/"></head><body><div id="root"></div></body></html>')
  return dist
}

describeWithPostgres('scan counts that rotating user agents and two servers cannot inflate', (postgresUrl) => {
  let group: ServerGroup
  beforeAll(async () => {
    // Behind one proxy, so the test speaks from the addresses it names; a minute between flushes, so the counts are
    // written when the servers stop.
    group = await startServers(postgresUrl, { count: 2, distDir: visitorSite(), env: { TRUST_PROXY: '1', RATE_LIMIT_SCALE: String(SCALE), SCAN_FLUSH_MS: '60000' } })
  }, 60_000)
  afterAll(async () => {
    await group?.close()
  })

  it('counts each address at most its allowance on both servers together, however many agents and requests it uses', async () => {
    const [a, b] = group.servers as [RunningServer, RunningServer]
    const owner = await signUpOn(a, 'inflate')
    const server = (i: number) => (i % 2 === 0 ? a : b)
    const load = (i: number, address: string) =>
      server(i).request('GET', `/profile/${owner.shareableId}`, { headers: { 'X-Forwarded-For': address, 'User-Agent': `${PHONE} #${address}-${i}` } })
    const report = (i: number, address: string) =>
      server(i).request('POST', `/api/public/profiles/${owner.shareableId}/scans`, {
        headers: { 'X-Forwarded-For': address, 'User-Agent': `${PHONE} r${address}-${i}`, 'Content-Type': 'text/plain;charset=UTF-8' },
      })
    // The review's curl run: 40 page loads and 20 reports from one address, each with another agent.
    for (let i = 0; i < 40; i += 1) expect((await load(i, '198.51.100.10')).status).toBe(200)
    for (let i = 0; i < 20; i += 1) expect((await report(i, '198.51.100.10')).status).toBe(204)
    // Two more addresses, ten page loads each.
    for (const address of ['198.51.100.11', '198.51.100.12']) for (let i = 0; i < 10; i += 1) expect((await load(i, address)).status).toBe(200)
    // Stopping the servers writes what they gathered.
    await Promise.all([a.close(), b.close()])

    const client = new pg.Client({ connectionString: group.database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ scans: number; visitors: number }>('select scans, visitors from scan_days where profile_id = $1', [owner.profileId])
      expect(rows).toEqual([{ scans: 3 * PER_ADDRESS, visitors: 3 * PER_ADDRESS }])
    } finally {
      await client.end()
    }
  })
})
