import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, openDatabase } from '../../server/db/client.ts'
import { NOT_READY_MESSAGE } from '../../server/http/health.ts'
import { TestApp } from './harness.ts'

// The embedded database's failures map like PostgreSQL's: a PGlite that is gone answers 503 {message}, never a 500
// with a stack trace. (The PostgreSQL outages, through a TCP proxy, are in database-outage.test.ts.)
describe('an app whose PGlite has gone away', () => {
  it('answers 503 JSON on /api/ready and on API calls, and keeps answering', async () => {
    const database = await openDatabase('memory://')
    const t = new TestApp(database)
    const owner = await t.signUp('gone')
    expect((await t.request('GET', '/api/ready')).status).toBe(200)
    await database.close()

    const ready = await t.request('GET', '/api/ready')
    expect({ status: ready.status, json: ready.json }).toEqual({ status: 503, json: { message: NOT_READY_MESSAGE } })
    for (const [method, path, options] of [
      ['GET', '/api/profiles', { token: owner.token }],
      ['POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } }],
      ['GET', '/api/profiles/someone'],
    ] as const) {
      const res = await t.request(method, path, options)
      expect({ call: `${method} ${path}`, status: res.status, json: res.json }).toEqual({
        call: `${method} ${path}`,
        status: 503,
        json: { message: DATABASE_UNAVAILABLE_MESSAGE },
      })
    }
  })
})
