// An account deleted through one server is gone on the other at once: its cached public profile answers 404 within a
// second on both addresses, and its still-valid access token is refused there too. Real HTTP, two real servers.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithPostgres, pollUntil, type RunningServer, type ServerGroup, signUpOn, startServers } from './two-servers.ts'

const WITHIN_MS = 1000

describeWithPostgres('account deletion across two servers on one PostgreSQL', (postgresUrl) => {
  let group: ServerGroup
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    group = await startServers(postgresUrl)
    ;[a, b] = group.servers as [RunningServer, RunningServer]
  })
  afterAll(async () => {
    await group?.close()
  })

  it("a deletion through A makes B's cached public profile 404 within a second, and B refuses the old token", async () => {
    const owner = await signUpOn(a, 'gone')
    // Both wait until B has heard of the new addresses, then B caches the profile under both.
    for (const address of [owner.shareableId, owner.username]) {
      const cached = await pollUntil(() => b.request('GET', `/api/profiles/${address}`), (res) => res.status === 200, 5_000)
      expect(cached.ok).toBe(true)
    }
    expect((await a.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(204)
    for (const address of [owner.shareableId, owner.username]) {
      const seen = await pollUntil(() => b.request('GET', `/api/profiles/${address}`), (res) => res.status === 404, WITHIN_MS)
      expect(seen.ok, `B answered ${seen.value.status} for ${address} after ${seen.elapsedMs} ms`).toBe(true)
    }
    expect((await b.request('GET', '/api/profiles', { token: owner.token })).status).toBe(401)
    expect((await b.request('POST', '/api/auth/refresh', { body: { refreshToken: owner.refreshToken } })).status).toBe(401)
  })
})
