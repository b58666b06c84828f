// Two servers on one PostgreSQL behave as one for visitors: an edit, the off-switch, switching back on and a new
// registration made through one show on the other within a second (LISTEN/NOTIFY), also after the listener's
// connection was cut. Real HTTP, real startServer, a private database.
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LISTENER_APPLICATION_NAME } from '../../server/public-profile/public-profile-listener.ts'
import { describeWithPostgres, pollUntil, type RunningServer, type ServerGroup, signUpOn, startServers } from './two-servers.ts'

/** The promise of issue 9: a change shows on every instance within a second. */
const WITHIN_MS = 1000

describeWithPostgres('two servers on one PostgreSQL share public-profile invalidation', (postgresUrl) => {
  let group: ServerGroup
  let a: RunningServer
  let b: RunningServer
  let admin: pg.Client
  const listeners = () =>
    admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query like 'LISTEN%'", [
      LISTENER_APPLICATION_NAME,
    ])
  beforeAll(async () => {
    group = await startServers(postgresUrl)
    ;[a, b] = group.servers as [RunningServer, RunningServer]
    admin = new pg.Client({ connectionString: group.database.url })
    await admin.connect()
    // Both servers listen before any test relies on hearing the other.
    expect((await pollUntil(listeners, (r) => r.rows.length === 2, 10_000, 50)).ok).toBe(true)
  })
  afterAll(async () => {
    await admin?.end()
    await group?.close()
  })

  const seenOn = (server: RunningServer, address: string) => () => server.request('GET', `/api/profiles/${address}`)

  async function expectOnB(address: string, accept: (res: Awaited<ReturnType<RunningServer['request']>>) => boolean) {
    const seen = await pollUntil(seenOn(b, address), accept, WITHIN_MS)
    expect(seen.ok, `B answered ${seen.value.status} ${seen.value.text.slice(0, 200)} after ${seen.elapsedMs} ms`).toBe(true)
  }

  it('an edit and the off-switch through A show on B, and so does switching back on', async () => {
    const owner = await signUpOn(a, 'edit')
    // B caches the profile first, so only an invalidation can make it answer anything new.
    expect((await b.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(200)
    expect((await a.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'Changed through A' } })).status).toBe(200)
    await expectOnB(owner.shareableId, (res) => res.json?.description === 'Changed through A')

    expect((await a.request('PUT', '/api/profiles', { token: owner.token, body: { isPublic: false } })).status).toBe(200)
    await expectOnB(owner.shareableId, (res) => res.status === 404)
    // B now holds a cached miss; switching on through A must end it.
    expect((await b.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(404)
    expect((await a.request('PUT', '/api/profiles', { token: owner.token, body: { isPublic: true } })).status).toBe(200)
    await expectOnB(owner.shareableId, (res) => res.status === 200)
  })

  it('B keeps a 404 briefly, and it ends as soon as the address becomes valid through A (registration, switch-on)', async () => {
    const username = `late_${Date.now().toString(36)}`
    expect((await b.request('GET', `/api/profiles/${username}`)).status).toBe(404)
    const registered = await a.request('POST', '/api/auth/register', { body: { username, email: `${username}@example.test`, password: 'correct horse 42' } })
    expect(registered.status).toBe(201)
    await expectOnB(username, (res) => res.status === 200)

    const hidden = await signUpOn(a, 'hidden')
    expect((await a.request('PUT', '/api/profiles', { token: hidden.token, body: { isPublic: false } })).status).toBe(200)
    await expectOnB(hidden.shareableId, (res) => res.status === 404)
    expect((await a.request('PUT', '/api/profiles', { token: hidden.token, body: { isPublic: true } })).status).toBe(200)
    await expectOnB(hidden.shareableId, (res) => res.status === 200)
    // The NOTIFY comes from the write's own transaction (triggers), so even a change made straight in the database,
    // through no server at all, reaches B's cache.
    await admin.query('update profiles set is_public = false where shareable_id = $1', [hidden.shareableId])
    await expectOnB(hidden.shareableId, (res) => res.status === 404)
  })

  it("after B's listening connection is cut, B listens again and still sees A's edits", async () => {
    const owner = await signUpOn(a, 'cut')
    expect((await b.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(200)
    const before = (await listeners()).rows.map((r) => r.pid)
    expect(before).toHaveLength(2)
    // Cut every listener: both servers must listen again by themselves, and neither process may die of it.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [LISTENER_APPLICATION_NAME])
    const back = await pollUntil(listeners, (r) => r.rows.length === 2 && r.rows.every((row) => !before.includes(row.pid)), 10_000, 50)
    expect(back.ok).toBe(true)
    expect((await a.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'After the cut' } })).status).toBe(200)
    await expectOnB(owner.shareableId, (res) => res.json?.description === 'After the cut')
    expect((await a.request('GET', '/api/health')).status).toBe(200)
  })
})
