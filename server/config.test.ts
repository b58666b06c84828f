import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'qrtee-config-'))

describe('loadConfig', () => {
  it('uses the defaults of design.md when nothing is set', () => {
    const dir = dataDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      dataDir: dir,
      databaseUrl: undefined,
      demoUsername: 'demo',
      printfulToken: undefined,
      rateLimitScale: 1,
      orphanImageGraceHours: 24,
      logLevel: 'info',
      logBufferBytes: 4 * 1024 * 1024,
    })
  })

  it('takes LOG_BUFFER_BYTES, refusing a buffer under 16 KiB', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_BUFFER_BYTES: '65536' }).logBufferBytes).toBe(65_536)
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_BUFFER_BYTES: '100' })).toThrow('LOG_BUFFER_BYTES must be a whole number of bytes from 16384 to 1073741824')
  })

  it('takes ORPHAN_IMAGE_GRACE_HOURS', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ORPHAN_IMAGE_GRACE_HOURS: '72' }).orphanImageGraceHours).toBe(72)
  })

  it("takes LOG_LEVEL from pino's levels, 'silent' included", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'silent' }).logLevel).toBe('silent')
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'debug' }).logLevel).toBe('debug')
  })

  it.each([
    [undefined, 0],
    ['false', 0],
    ['true', 1],
    ['2', 2],
  ])('reads TRUST_PROXY=%s as %i trusted proxies', (value, proxies) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toBe(proxies)
  })

  it('takes the scan counting switch and flush interval, refusing an interval outside 100-60000 ms', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ scanCounting: true, scanFlushMs: 5000 })
    expect(loadConfig({ DATA_DIR: dataDir(), SCAN_COUNTING: 'off', SCAN_FLUSH_MS: '250' })).toMatchObject({ scanCounting: false, scanFlushMs: 250 })
    expect(() => loadConfig({ DATA_DIR: dataDir(), SCAN_FLUSH_MS: '50' })).toThrow('SCAN_FLUSH_MS: SCAN_FLUSH_MS must be a whole number of milliseconds from 100 to 60000')
    expect(() => loadConfig({ DATA_DIR: dataDir(), SCAN_COUNTING: 'maybe' })).toThrow('SCAN_COUNTING: SCAN_COUNTING must be on or off')
  })

  it('generates JWT_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first)
  })

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '9000' }).publicUrl).toBe('http://localhost:9000')
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://qrtee.example/' }).publicUrl).toBe('https://qrtee.example')
  })

  it('takes Google sign-in settings: the issuer defaults to Google, http only for a local provider', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ googleClientId: undefined, googleClientSecret: undefined, oidcIssuer: 'https://accounts.google.com' })
    const local = loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER: 'http://127.0.0.1:4000' })
    expect(local).toMatchObject({ googleClientId: 'id', googleClientSecret: 'secret', oidcIssuer: 'http://127.0.0.1:4000' })
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be an absolute URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ DEMO_USERNAME: 'a b' }, 'DEMO_USERNAME must be 3-40 letters'],
    [{ RATE_LIMIT_SCALE: '0' }, 'RATE_LIMIT_SCALE must be a positive number'],
    [{ ORPHAN_IMAGE_GRACE_HOURS: '0' }, 'ORPHAN_IMAGE_GRACE_HOURS must be a whole number of hours from 1 to 8760'],
    [{ ORPHAN_IMAGE_GRACE_HOURS: '1.5' }, 'ORPHAN_IMAGE_GRACE_HOURS must be a whole number of hours from 1 to 8760'],
    [{ RATE_LIMIT_SCALE: 'lots' }, 'RATE_LIMIT_SCALE must be a positive number'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true (one proxy), false, or the number of proxies in front of the server'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together'],
    [{ GOOGLE_CLIENT_SECRET: 'secret-only' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together'],
    [{ OIDC_ISSUER: 'http://accounts.example.test' }, 'OIDC_ISSUER must be an https:// address'],
    [{ OIDC_ISSUER: 'http://localhost.evil.test' }, 'OIDC_ISSUER must be an https:// address'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message)
  })
})
