import http from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { stopServing } from './stop-serving.ts'

const servers: http.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

async function serve(listener: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as { port: number }).port }
}

async function open(port: number): Promise<{ socket: Socket; answer: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  let answer = ''
  socket.on('data', (chunk) => (answer += chunk.toString()))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return { socket, answer: () => answer, closed }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('stopServing', () => {
  it('cuts a request still unfinished when the grace is over (headers never ended, a body never sent)', async () => {
    const { server, port } = await serve((req, res) => req.on('end', () => res.end('late')).resume())
    const headers = await open(port)
    headers.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n')
    const body = await open(port)
    body.socket.write('PUT /api/profiles HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n12345')
    await settle(50)
    let graceOver = false
    const startedAt = performance.now()
    await stopServing(server, 300, () => (graceOver = true))
    const took = performance.now() - startedAt
    await Promise.all([headers.closed, body.closed])
    expect(graceOver).toBe(true)
    expect(took).toBeGreaterThanOrEqual(290)
    expect(took).toBeLessThan(2000)
  })

  it('lets a request in flight finish with its answer, then closes its keep-alive connection without waiting for it', async () => {
    const { server, port } = await serve((_req, res) => setTimeout(() => res.end('ok'), 200))
    const client = await open(port)
    client.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await settle(50)
    let graceOver = false
    const startedAt = performance.now()
    await stopServing(server, 10_000, () => (graceOver = true))
    await client.closed
    // Node's keepAliveTimeout (5 s) would have held the answered connection open.
    expect(performance.now() - startedAt).toBeLessThan(1500)
    expect(graceOver).toBe(false)
    expect(client.answer()).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/)
  })

  it('closes an idle keep-alive connection at once', async () => {
    const { server, port } = await serve((_req, res) => res.end('ok'))
    const client = await open(port)
    client.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await settle(50)
    const startedAt = performance.now()
    await stopServing(server, 10_000)
    await client.closed
    expect(performance.now() - startedAt).toBeLessThan(500)
  })
})
