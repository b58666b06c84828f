import { DrizzleQueryError } from 'drizzle-orm'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { captureLogs } from '../../tests/api/log-capture.ts'
import type { AppEnv } from '../deps.ts'
import { requestLogging, summarizeError } from './logging.ts'

/** What PostgreSQL (pg and PGlite alike) raises for a uuid column compared with a text that is not one. */
function castError(value: string) {
  return Object.assign(new Error(`invalid input syntax for type uuid: "${value}"`), {
    code: '22P02',
    severity: 'ERROR',
    where: `unnamed portal parameter $1 = '${value}'`,
    detail: `Failing row contains (${value}).`,
  })
}

describe('summarizeError', () => {
  it('keeps the class, SQLSTATE and stack frames of a failed query, and none of its parameters', () => {
    const err = new DrizzleQueryError('select "id" from "users" where "users"."email" = $1 and "password_hash" = $2', ['owner@example.test', 'argon-hash-SECRET'], castError('owner@example.test'))
    const summary = summarizeError(err)
    expect(summary).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query (its parameters are not logged)',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: [not logged]' },
    })
    expect(summary.stack).toMatch(/^at /)
    const logged = JSON.stringify(summary)
    expect(logged).not.toContain('owner@example.test')
    expect(logged).not.toContain('SECRET')
    expect(logged).not.toContain('select')
  })

  it.each([
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')"), "Cannot read properties of undefined (reading 'id')"],
    ['a message with a value after a colon', new Error('Unknown user: someone@example.test'), 'Unknown user: [not logged]'],
    ['a message of several lines', new Error('first line\nsecond line with data'), 'first line'],
  ])('%s keeps what it can', (_name, err, message) => {
    expect(summarizeError(err).message).toBe(message)
  })

  it('summarises a thrown value that is not an Error without printing it', () => {
    expect(JSON.stringify(summarizeError('token-SECRET'))).not.toContain('SECRET')
  })
})

describe('requestLogging', () => {
  const appWith = (logs: ReturnType<typeof captureLogs>) =>
    new Hono<AppEnv>().use('*', requestLogging(logs.logger)).get('/hello', (c) => c.json({ requestId: c.get('requestId') }))

  it('logs id, method, path without query, status and duration, and answers the id as X-Request-Id', async () => {
    const logs = captureLogs()
    const res = await appWith(logs).request('/hello?token=SECRET-TOKEN')
    const [line] = logs.lines()
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/hello', status: 200, msg: 'request' })
    expect(line?.durationMs).toEqual(expect.any(Number))
    expect(res.headers.get('X-Request-Id')).toBe(line?.reqId)
    expect((await res.json()).requestId).toBe(line?.reqId)
    expect(logs.text()).not.toContain('SECRET')
  })

  it.each([
    ['a proxy-style id is kept', 'edge-4f1c.9:2', true],
    ['an id with spaces is replaced', 'a b', false],
    ['an id with a tab is replaced', 'a\tforged', false],
    ['a very long id is replaced', 'x'.repeat(65), false],
  ])('%s', async (_name, offered, kept) => {
    const logs = captureLogs()
    const res = await appWith(logs).request('/hello', { headers: { 'X-Request-Id': offered } })
    const id = res.headers.get('X-Request-Id')
    expect(id === offered).toBe(kept)
    expect(id).toMatch(/^[A-Za-z0-9._:-]{1,64}$/)
    expect(logs.lines()[0]?.reqId).toBe(id)
  })
})
