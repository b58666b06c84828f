// Two real servers on one PostgreSQL database count rate limits together (issue 9, reliability 2; decision 075).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit.ts'
import { describeWithPostgres, type ServerGroup, signUpOn, startServers } from './two-servers.ts'

describeWithPostgres('rate limits shared by two servers on one PostgreSQL database', (postgresUrl) => {
  let group: ServerGroup
  beforeAll(async () => {
    group = await startServers(postgresUrl, { count: 2 })
  }, 60_000)
  afterAll(async () => {
    await group?.close()
  })

  it('allows the per-account sign-in limit once across both servers, not once on each', async () => {
    const [a, b] = group.servers as [ServerGroup['servers'][0], ServerGroup['servers'][0]]
    const account = await signUpOn(a, 'shared')
    const attempt = (server: typeof a) => server.request('POST', '/api/auth/login', { body: { email: account.email, password: 'a wrong guess' } })
    // Both servers see this test at 127.0.0.1, so the tighter account-from-this-address limit is the one met.
    const { max } = DEFAULT_RATE_LIMITS.loginPerAccountAndAddress
    // Alternating: with counters per process each server would have seen only half of them.
    for (let i = 0; i < max; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401)
    for (const server of [a, b]) {
      const refused = await server.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.json).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) })
    }
  })
})
