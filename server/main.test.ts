import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
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
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-main-')), PORT: '0' })
    const server = await startServer(config, { databaseLocation: 'memory://', distDir: '/nonexistent' })
    const res = await get(server.port, '/api/health')
    expect(res).toEqual({ status: 200, body: '{"status":"ok"}' })
    await server.close()
    await expect(get(server.port, '/api/health')).rejects.toThrow(/ECONNREFUSED/)
  })
})
