// What the server logs (issue 9, security 9): one structured line per request with its id, and never a password, a
// token, a query string or an SQL parameter, even when a query fails on a secret value.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/client.ts'
import { describeEachDatabase, type TestDatabase, TestApp } from './harness.ts'
import { captureLogs, type LogLine } from './log-capture.ts'

/** A database of this test's own: the faults below change its tables, which no other test may see. */
async function privateDatabase(shared: TestDatabase): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (shared.name === 'pglite') {
    const database = await openDatabase('memory://')
    return { database, drop: () => database.close() }
  }
  const name = `qrtee_logs_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: shared.url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(shared.url)
  url.pathname = `/${name}`
  const database = await openDatabase(url.toString())
  return {
    database,
    drop: async () => {
      await database.close()
      await admin.query(`drop database ${name}`)
      await admin.end()
    },
  }
}

describeEachDatabase('request and error logs', (_getDatabase, shared) => {
  const logs = captureLogs()
  const secrets = {
    password: `pw-${randomBytes(8).toString('hex')}`,
    token: `tok-${randomBytes(8).toString('hex')}`,
    refreshToken: `rt-${randomBytes(8).toString('hex')}`,
    description: `LEAK-description-${randomBytes(6).toString('hex')}`,
    contactInfo: `LEAK-contact-${randomBytes(6).toString('hex')}`,
  }
  let t: TestApp
  let drop: () => Promise<void>
  let owner: Awaited<ReturnType<TestApp['signUp']>>
  const linesFor = (res: { headers: Headers }): LogLine[] => logs.lines().filter((line) => line.reqId === res.headers.get('X-Request-Id'))

  beforeAll(async () => {
    const opened = await privateDatabase(shared)
    drop = opened.drop
    t = new TestApp(opened.database, { logger: logs.logger })
    owner = await t.signUp('logged')
  })

  afterAll(() => drop())

  it('a login is one line with request id, method, path, status and duration, and no credentials', async () => {
    const res = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: secrets.password } })
    expect(res.status).toBe(401)
    const [line, ...more] = linesFor(res)
    expect(more).toEqual([])
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'POST', path: '/api/auth/login', status: 401, reqId: expect.any(String), durationMs: expect.any(Number) })
    expect(logs.text()).not.toContain(secrets.password)
    expect(logs.text()).not.toContain(owner.email)
  })

  it('tokens in a query string (the OAuth callback, or any path) are never logged', async () => {
    for (const path of [`/oauth/callback?token=${secrets.token}&refreshToken=${secrets.refreshToken}`, `/api/health?token=${secrets.token}`]) {
      const res = await t.request('GET', path, { token: secrets.token })
      expect(linesFor(res)).toEqual([expect.objectContaining({ path: path.split('?')[0], status: res.status })])
    }
    expect(logs.text()).not.toContain(secrets.token)
    expect(logs.text()).not.toContain(secrets.refreshToken)
  })

  it.each([
    [
      'a check constraint that refuses the value (PostgreSQL repeats the row in its detail)',
      `alter table profiles add constraint log_test_guard check (description not like 'LEAK%')`,
      { description: secrets.description },
      '23514',
    ],
    [
      'a column type that cannot hold the value (PostgreSQL repeats the value in its message)',
      'alter table profiles alter column contact_info drop default, alter column contact_info type uuid using gen_random_uuid()',
      { contactInfo: secrets.contactInfo },
      '22P02',
    ],
  ])('a query failing on %s logs a summary with the request id, and no parameter', async (_name, fault, body, code) => {
    await t.db.execute(sql.raw(fault))
    const res = await t.request('PUT', '/api/profiles', { token: owner.token, body })
    expect(res.status).toBe(500)
    expect(res.json).toEqual({ message: 'Internal server error' })
    const lines = linesFor(res)
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'request failed', path: '/api/profiles', status: 500 }))
    const error = lines.find((line) => line.msg === 'unhandled error')
    expect(error).toMatchObject({ level: 'error', method: 'PUT', path: '/api/profiles', err: { type: 'DrizzleQueryError', cause: { code } } })
    expect(logs.text()).not.toContain(Object.values(body)[0])
    expect(logs.text()).not.toMatch(/params|Failed query:|Failing row/)
  })
})
