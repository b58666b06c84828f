// Body bounds over a real socket (app.request() cannot show them): a Content-Length above the bound is answered before
// the body is sent, and a chunked body is cut off as it passes the bound, while the client is still sending.
import { type AddressInfo, connect, type Socket } from 'node:net'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BODY_LIMITS } from '../../server/http/body-limit.ts'
import { idempotencyKeys } from '../../server/db/schema.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { INVALID_CREDENTIALS } from '../../server/accounts/auth.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { newKey, type Owner, signUpOwner } from './owner-helpers.ts'

const KB = 1024
// Not a performance bound: a server that waits for the whole body never answers, and the test must say so.
const NO_ANSWER_MS = 10_000

type Answer = { status: number; headers: string; body: string }

/** Opens a raw connection, so the test decides exactly which bytes are sent and when. */
async function open(port: number) {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  return socket
}

/** The first HTTP answer on the socket, read while the request body is still unfinished. */
function answerOf(socket: Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let received = ''
    const timer = setTimeout(() => reject(new Error(`No answer within ${NO_ANSWER_MS / 1000} s: the server is waiting for the whole body`)), NO_ANSWER_MS)
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      const headers = received.slice(0, end)
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0)
      const body = received.slice(end + 4)
      if (Buffer.byteLength(body, 'latin1') < length) return
      clearTimeout(timer)
      resolve({ status: Number(headers.slice(9, 12)), headers, body: body.slice(0, length) })
    })
    socket.once('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })
}

const head = (method: string, path: string, headers: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`

/** Sends `bytes` in chunked framing, 16 KB at a time, without the last (zero) chunk: the body never ends. */
function sendChunks(socket: Socket, bytes: number) {
  for (let sent = 0; sent < bytes; sent += 16 * KB) {
    const size = Math.min(16 * KB, bytes - sent)
    socket.write(`${size.toString(16)}\r\n${' '.repeat(size)}\r\n`)
  }
}

describeEachDatabase('body bounds over HTTP', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let server: ReturnType<typeof serve>
  let port: number
  const sockets: Socket[] = []
  const connection = async () => {
    const socket = await open(port)
    sockets.push(socket)
    return socket
  }

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'bounds')
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    port = (server.address() as AddressInfo).port
  })

  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  })

  it.each([
    ['a login announcing 4 MB', 'POST', '/api/auth/login', 4 * 1024 * KB, `The request body must be at most ${BODY_LIMITS.json / KB} KB.`],
    ['a visitor purchase announcing 100 KB', 'POST', '/api/public/profiles/nobody/purchases', 100 * KB, `The request body must be at most ${BODY_LIMITS.json / KB} KB.`],
    ['an upload announcing 11 MB', 'POST', '/api/uploads', 11 * 1024 * KB, IMAGE_MESSAGES.tooLarge],
  ])('%s is answered 413 before a byte of its body is sent', async (_name, method, path, length, message) => {
    const socket = await connection()
    const answer = answerOf(socket)
    socket.write(head(method, path, { 'Content-Type': 'application/json', 'Content-Length': String(length), Authorization: `Bearer ${owner.token}` }))
    const { status, body } = await answer
    expect({ status, body: JSON.parse(body) }).toEqual({ status: 413, body: { message } })
  })

  it('a chunked login body is cut off with 413 once it passes 64 KB, while the client is still sending', async () => {
    const socket = await connection()
    const answer = answerOf(socket)
    socket.write(head('POST', '/api/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }))
    sendChunks(socket, BODY_LIMITS.json + 32 * KB)
    const { status, body } = await answer
    expect({ status, body: JSON.parse(body) }).toEqual({ status: 413, body: { message: `The request body must be at most ${BODY_LIMITS.json / KB} KB.` } })
  })

  it('a chunked profile update with an Idempotency-Key is cut off at its bound and leaves no idempotency row', async () => {
    const key = newKey()
    const socket = await connection()
    const answer = answerOf(socket)
    socket.write(head('PUT', '/api/profiles', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', Authorization: `Bearer ${owner.token}`, 'Idempotency-Key': key }))
    sendChunks(socket, BODY_LIMITS.profile + 32 * KB)
    const { status, body } = await answer
    expect({ status, body: JSON.parse(body) }).toEqual({ status: 413, body: { message: `The request body must be at most ${BODY_LIMITS.profile / KB} KB.` } })
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([])
  })

  it('a chunked body within its bound is read and answered as usual', async () => {
    const socket = await connection()
    const answer = answerOf(socket)
    const json = JSON.stringify({ email: owner.email, password: 'not the password' })
    socket.write(head('POST', '/api/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }))
    socket.write(`${Buffer.byteLength(json).toString(16)}\r\n${json}\r\n0\r\n\r\n`)
    const { status, body } = await answer
    expect({ status, body: JSON.parse(body) }).toEqual({ status: 401, body: { message: INVALID_CREDENTIALS } })
  })
})
