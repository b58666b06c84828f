import { beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { HSTS } from '../../server/http/security-headers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

describeEachDatabase('health, readiness and error shape', (getDatabase, { name }) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it('GET /api/health answers ok', async () => {
    const res = await t.request('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ok' })
  })

  it('GET /api/ready names the database it reached', async () => {
    const res = await t.request('GET', '/api/ready')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ready', database: name })
  })

  it('an unknown /api path answers JSON 404 {message}, never the app shell', async () => {
    const res = await t.request('GET', '/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.json).toEqual({ message: 'Not found' })
  })

  it('sends the security headers on every response', async () => {
    const res = await t.request('GET', '/api/health')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src [^;]*'self'/)
    expect(csp).not.toMatch(/script-src [^;]*unsafe-inline/)
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('sends HSTS (one year, includeSubDomains) when PUBLIC_URL is https, and none over http', async () => {
    const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://qrtee.example' })
    const https = new TestApp(t.deps.database, { config })
    for (const path of ['/api/health', '/api/no-such-thing']) {
      expect((await https.request('GET', path)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    }
    expect(HSTS).toBe('max-age=31536000; includeSubDomains')
    expect((await t.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull()
  })
})
