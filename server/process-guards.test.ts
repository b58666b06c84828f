import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createLogger } from './http/logging.ts'
import { projectRoot } from './main.ts'
import { routeConsoleToLogger } from './process-guards.ts'

function capturedLogger() {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { logger: createLogger('debug', destination), lines }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('library console output goes through the structured logger', () => {
  it('an error printed with console.error is summarised: the level, the message, never the query parameters', async () => {
    const { logger, lines } = capturedLogger()
    const ignore = (..._args: unknown[]) => {}
    const fakeConsole = { error: ignore, warn: ignore, info: ignore, log: ignore, debug: ignore }
    routeConsoleToLogger(logger, fakeConsole)
    fakeConsole.error(new DrizzleQueryError('update "users" set "password_hash" = $1', ['argon-hash-SECRET']))
    fakeConsole.info('Request aborted %s', 'by the client')
    await flush()
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'library output', err: { type: 'DrizzleQueryError' } })
    expect(lines[1]).toMatchObject({ level: 'info', msg: 'Request aborted by the client' })
    expect(JSON.stringify(lines)).not.toContain('argon-hash-SECRET')
  })
})

describe('a server that cannot start', () => {
  it('logs one summarised fatal line, prints no raw stack and exits 1 when its database refuses', () => {
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx')
    const run = spawnSync(tsx, ['-e', "import('./server/main.ts').then((m) => m.runFromCommandLine())"], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATABASE_URL: 'postgres://owner:pa55-SECRET@127.0.0.1:1/none', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const lines = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.at(-1)).toMatchObject({ level: 'fatal', msg: 'QR Tee could not start', err: { type: expect.any(String) } })
    expect(run.stderr.trim()).toBe('')
    expect(run.stdout + run.stderr).not.toContain('pa55-SECRET')
  })
})

describe('a fatal error with log lines still buffered', () => {
  it('writes every line queued before it, then its own fatal line, before the process exits 1', () => {
    // The default destination is asynchronous: these lines are still in its buffer when the exception escapes.
    const script = [
      "const { createLogger } = await import('./server/http/logging.ts')",
      "const { installProcessGuards } = await import('./server/process-guards.ts')",
      "const logger = createLogger('info')",
      'installProcessGuards(logger)',
      "for (let i = 0; i < 2000; i++) logger.info({ n: i }, 'queued line')",
      "setImmediate(() => { throw new Error('injected fatal error') })",
    ].join(';')
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx')
    const run = spawnSync(tsx, ['--input-type=module', '-e', script], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(1)
    const lines = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.filter((line) => line.msg === 'queued line').map((line) => line.n)).toEqual(Array.from({ length: 2000 }, (_, i) => i))
    expect(lines.at(-1)).toMatchObject({ level: 'fatal', msg: 'uncaught exception: stopping', err: { type: 'Error', message: 'injected fatal error' } })
  })

  it('writes the request lines still gathered in the turn of the fatal error, in order, before its fatal line', () => {
    // Request lines wait for the end of the event loop's turn (decision 165); this error comes before that.
    const script = [
      "const { createLogger, logAnswer } = await import('./server/http/logging.ts')",
      "const { installProcessGuards } = await import('./server/process-guards.ts')",
      "const logger = createLogger('info')",
      'installProcessGuards(logger)',
      "for (let i = 0; i < 500; i++) logAnswer(logger, `req-${i}`, 'GET', '/profile/x', 200, performance.now())",
      "process.nextTick(() => { throw new Error('injected fatal error') })",
    ].join(';')
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx')
    const run = spawnSync(tsx, ['--input-type=module', '-e', script], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(1)
    const lines = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.reqId)).toEqual(Array.from({ length: 500 }, (_, i) => `req-${i}`))
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', path: '/profile/x', status: 200, durationMs: expect.any(Number), pid: expect.any(Number) })
    expect(lines.at(-1)).toMatchObject({ level: 'fatal', msg: 'uncaught exception: stopping' })
  })
})
