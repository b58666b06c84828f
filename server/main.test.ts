import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { startServer } from './main.ts'

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('startServer', () => {
  it('serves /api/health on a real port and stops accepting after close', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-main-')), PORT: '0', LOG_LEVEL: 'silent' })
    const server = await startServer(config, { databaseLocation: 'memory://', distDir: '/nonexistent' })
    const res = await get(server.port, '/api/health')
    expect(res).toEqual({ status: 200, body: '{"status":"ok"}' })
    await server.close()
    await expect(get(server.port, '/api/health')).rejects.toThrow(/ECONNREFUSED/)
  })

  it('lets a request that is in flight when shutdown starts finish with its answer', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-main-')), PORT: '0', LOG_LEVEL: 'silent' })
    const server = await startServer(config, { databaseLocation: 'memory://', distDir: '/nonexistent' })
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-it-is' })
    const socket = connect(server.port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    // Headers and half the body now; the rest only after shutdown has begun.
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const closing = server.close()
    socket.write(body.slice(10))
    await ended
    await closing
    expect(answer).toMatch(/^HTTP\/1\.1 401/)
    expect(answer).toContain('Invalid email or password.')
  })
})
