// Answers given before a body was read whole (413, an early 401 or 400) leave the connection honest: a keep-alive
// client's next request on the same socket is answered (issue 27, item 7). Through the production listener.
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { honestConnections } from '../../server/http/honest-connections.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'

const MB = 1024 * 1024

type Answer = { status: number; connection: string | undefined; socket: Socket; body: string }

describeEachDatabase('keep-alive connections after early answers', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let server: http.Server
  let port: number
  // One socket, kept alive: every request in a test goes over the same connection unless the server closed it.
  let agent: http.Agent

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'keepalive')
    server = http.createServer(honestConnections(getRequestListener(t.app.fetch)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })

  afterAll(async () => {
    agent?.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket as Socket, body: text }))
        res.on('error', reject)
      })
      // A server that answers early may close while the body is still being written: the answer is what counts.
      req.on('error', reject)
      if (body !== undefined) req.end(body)
      else req.end()
    })
  }

  /** An answer that says keep-alive must keep it; one that says close must close, and the next request opens anew. */
  async function expectHonest(first: Answer) {
    const next = await send('GET', '/api/health')
    expect(next.status).toBe(200)
    if (first.connection === 'close') expect(next.socket).not.toBe(first.socket)
    else expect(next.socket).toBe(first.socket)
  }

  const refresh = () => {
    agent?.destroy()
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  }

  it("the issue's reproduction: a 4 MB login gets 413, a malformed path 400, and the export after them is answered", async () => {
    refresh()
    const big = Buffer.alloc(4 * MB, 'a')
    const tooLarge = await send('POST', '/api/auth/login', { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, big)
    expect(tooLarge.status).toBe(413)
    await expectHonest(tooLarge)
    const malformed = await send('GET', '/api/%E0%A4%A')
    expect(malformed.status).toBe(400)
    const exported = await send('GET', '/api/users/me/export', { Authorization: `Bearer ${owner.token}` })
    expect(exported.status).toBe(200)
  })

  it('a chunked body cut off at its bound is answered 413, and the next request is answered', async () => {
    refresh()
    const tooLarge = await send('POST', '/api/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, Buffer.alloc(2 * MB, 'a'))
    expect(tooLarge.status).toBe(413)
    await expectHonest(tooLarge)
  })

  it('an upload refused 401 before its body is read leaves the connection usable', async () => {
    refresh()
    const body = Buffer.alloc(3 * MB, 'a')
    const refused = await send('POST', '/api/uploads', { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) }, body)
    expect(refused.status).toBe(401)
    await expectHonest(refused)
  })

  it('a small body refused 400 keeps the connection alive', async () => {
    refresh()
    const refused = await send('POST', '/api/auth/login', { 'Content-Type': 'application/json' }, '{"email":')
    expect(refused.status).toBe(400)
    expect(refused.connection).not.toBe('close')
    await expectHonest(refused)
  })
})

// The scan fast path answers inside the 'request' event, before Node has marked even a bodiless GET complete.
describe('answers given inside the request event', () => {
  let server: http.Server
  let port: number
  beforeAll(async () => {
    server = http.createServer(
      honestConnections((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' })
        res.end('ok')
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const answer = (agent: http.Agent, method: string, body?: Buffer) =>
    new Promise<{ connection: string | undefined; socket: Socket }>((resolve, reject) => {
      const headers = body ? { 'Content-Length': String(body.length) } : {}
      const req = http.request({ host: '127.0.0.1', port, method, path: '/', agent, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve({ connection: res.headers.connection, socket: req.socket as Socket }))
      })
      req.on('error', reject)
      req.end(body)
    })

  it('keeps a GET without a body alive: the next GET goes over the same socket', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const first = await answer(agent, 'GET')
    const second = await answer(agent, 'GET')
    agent.destroy()
    expect(first.connection).toBe('keep-alive')
    expect(second.socket).toBe(first.socket)
  })

  it('closes after a POST answered before its megabyte of body arrived', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const first = await answer(agent, 'POST', Buffer.alloc(MB, 'a')).catch(() => undefined)
    agent.destroy()
    // Either the client saw the honest close, or the early answer lost the race with the body's write: never keep-alive.
    expect(first?.connection ?? 'close').toBe('close')
  })
})
