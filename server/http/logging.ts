// Structured JSON logs (pino): the process logger, one line per request with its id, and error summaries that never
// carry a request body, a query string, a token or an SQL parameter.
import { randomUUID } from 'node:crypto'
import { DrizzleQueryError } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { type DestinationStream, type Logger, pino } from 'pino'
import type { LogLevel } from '../config.ts'
import type { AppEnv } from '../app-env.ts'
import { createLogOutput, isLogOutput, type LogOutput } from './log-output.ts'

export type { Logger, LogOutput }

export const REQUEST_ID_HEADER = 'X-Request-Id'

// A proxy's id is kept so its lines and ours join up; anything else (spaces, quotes, very long) is replaced.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/
const MAX_LOGGED_PATH = 1000
const MAX_STACK_FRAMES = 8
const MAX_CAUSES = 3

/**
 * `destination` lets tests read the lines; by default they go to standard output through the process's one buffered,
 * asynchronous LogOutput (silent loggers never open it).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream, bufferBytes?: number): Logger {
  const stream = destination ?? (level === 'silent' ? undefined : standardOutput(bufferBytes))
  const logger = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: summarizeError },
      // Nothing here logs a body or headers; this is the net under anyone who one day passes one in.
      redact: {
        paths: ['password', 'currentPassword', 'newPassword', 'token', 'refreshToken', 'authorization', 'cookie'].flatMap((key) => [key, `*.${key}`]),
        censor: '[redacted]',
      },
    },
    stream,
  )
  if (stream) requestLineOutputs.set(logger, isLogOutput(stream) ? (line) => stream.writeRequestLine(line) : (line) => void stream.write(line))
  return logger
}

/** The default bound of the buffer a blocked standard output fills before lines are dropped (LOG_BUFFER_BYTES). */
export const DEFAULT_LOG_BUFFER_BYTES = 4 * 1024 * 1024

let processOutput: LogOutput | undefined
function standardOutput(bufferBytes = DEFAULT_LOG_BUFFER_BYTES): LogOutput {
  processOutput ??= createLogOutput(1, bufferBytes)
  return processOutput
}

/** The path as the client sent it, without the query string (which may hold tokens, as /oauth/callback's does). */
export function loggedPath(url: string): string {
  return clippedPath(new URL(url).pathname)
}

// A path segment that is a credential (the Printful webhook's secret) is logged as its route's pattern.
const SECRET_SEGMENT = /^\/api\/webhooks\/printful\/[^/]*/i

/** A path as logged: secrets replaced, cut at MAX_LOGGED_PATH. */
function clippedPath(rawPath: string): string {
  const path = rawPath.replace(SECRET_SEGMENT, '/api/webhooks/printful/:secret')
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path
}

/** The request's id: the one a proxy sent, if it looks like an id, else a fresh one. */
export function requestIdFor(offered: string | undefined): string {
  return offered !== undefined && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID()
}

/** First in the chain: gives every request an id (also answered as X-Request-Id) and logs one line when it is answered. */
export function requestLogging(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const startedAt = performance.now()
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER))
    c.set('requestId', requestId)
    await next()
    c.res.headers.set(REQUEST_ID_HEADER, requestId)
    logAnswer(logger, requestId, c.req.method, loggedPath(c.req.url), c.res.status, startedAt)
  })
}

const requestLineOutputs = new WeakMap<Logger, (line: string) => void>()
const LEVEL_INFO = 30
const LEVEL_WARN = 40

/**
 * The one line per answered request, from the middleware and from the scan fast path alike. Its fields are fixed and
 * none is a secret, so for a logger made by createLogger it is built here as pino would write it (same fields, same
 * order, no redaction, no serializers), which costs a fraction of going through pino (decision 165).
 */
export function logAnswer(logger: Logger, requestId: string, method: string, path: string, status: number, startedAt: number): void {
  const failed = status >= 500
  if (logger.levelVal > (failed ? LEVEL_WARN : LEVEL_INFO)) return
  const durationMs = Math.round((performance.now() - startedAt) * 10) / 10
  const output = requestLineOutputs.get(logger)
  if (!output) {
    const line = { reqId: requestId, method, path, status, durationMs }
    if (failed) logger.warn(line, 'request failed')
    else logger.info(line, 'request')
    return
  }
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? ''
  // The id (requestIdFor: SAFE_REQUEST_ID's characters or a UUID) and the method (Node's parser takes only its known
  // tokens) are plain by construction; the path is checked.
  output(
    `{"level":"${failed ? 'warn' : 'info'}","time":"${isoNow()}"${bindings},"reqId":"${requestId}","method":"${method}","path":${jsonString(path)},"status":${status},"durationMs":${durationMs},"msg":"${failed ? 'request failed' : 'request'}"}\n`,
  )
}

let isoMs = -1
let isoText = ''
/** pino's isoTime, computed once per millisecond: under load many lines share one. */
function isoNow(): string {
  const now = Date.now()
  if (now !== isoMs) {
    isoMs = now
    isoText = new Date(now).toISOString()
  }
  return isoText
}

// Printable ASCII without the quote and the backslash: such a string is its own JSON body.
const PLAIN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/
const jsonString = (text: string): string => (PLAIN_JSON.test(text) ? `"${text}"` : JSON.stringify(text))

export type ErrorSummary = {
  type: string
  message: string
  /** SQLSTATE of a database error, for example 23505 or 57P01. */
  code?: string
  table?: string
  constraint?: string
  stack?: string
  cause?: ErrorSummary
}

/**
 * What may be logged of any thrown value. A failed drizzle query's message lists every bound parameter (password and
 * token hashes, contact info), and PostgreSQL repeats values in its own messages ('invalid input syntax for type uuid:
 * "..."') and in `detail`/`where`; so the summary keeps the class, the SQLSTATE, the names of the table and constraint,
 * the message up to its first ': ', and stack frames without the message line.
 */
export function summarizeError(err: unknown, depth = 0): ErrorSummary {
  if (!(err instanceof Error)) return { type: typeof err, message: 'A value that is not an Error was thrown.' }
  const summary: ErrorSummary = { type: err.constructor.name || err.name, message: withoutValues(err.message) }
  if (err instanceof DrizzleQueryError) summary.message = 'Failed query (its parameters are not logged)'
  const fields = err as Error & { code?: unknown; table?: unknown; constraint?: unknown; severity?: unknown }
  if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) summary.code = fields.code
  if (typeof fields.table === 'string') summary.table = fields.table
  if (typeof fields.constraint === 'string') summary.constraint = fields.constraint
  if (depth === 0) summary.stack = stackFrames(err.stack)
  if (err.cause !== undefined && depth < MAX_CAUSES) summary.cause = summarizeError(err.cause, depth + 1)
  return summary
}

/** Values follow a colon in PostgreSQL's and Node's messages; only the first line before it is kept. */
function withoutValues(message: string): string {
  const firstLine = message.split('\n', 1)[0] ?? ''
  const colon = firstLine.indexOf(': ')
  const kept = colon === -1 ? firstLine : `${firstLine.slice(0, colon)}: [not logged]`
  return kept.length > 200 ? `${kept.slice(0, 200)}...` : kept
}

function stackFrames(stack: string | undefined): string | undefined {
  const frames = (stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '))
  return frames.length === 0 ? undefined : frames.slice(0, MAX_STACK_FRAMES).map((line) => line.trim()).join('\n')
}
