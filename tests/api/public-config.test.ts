import { beforeAll, expect, it } from 'vitest'
import * as v from 'valibot'
import { PublicConfigSchema } from '../../src/contract/public-config.ts'
import { loadConfig } from '../../server/config.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

describeEachDatabase('GET /api/public/config', (getDatabase) => {
  let database: Awaited<ReturnType<typeof getDatabase>>
  beforeAll(async () => {
    database = await getDatabase()
  })
  const appWith = (env: Record<string, string>) =>
    new TestApp(database, { config: loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', ...env }) })

  it('tells the browser the demo username and that optional services are off on the defaults', async () => {
    const res = await appWith({}).request('GET', '/api/public/config')
    expect(res.status).toBe(200)
    expect(v.parse(PublicConfigSchema, res.json)).toEqual({
      demoUsername: 'demo',
      googleSignIn: false,
      turnstileSiteKey: null,
      printProvider: 'demo',
      publicUrl: 'http://localhost:8080',
      // Generated once in DATA_DIR when no VAPID key pair is configured: an uncompressed P-256 point, base64url.
      vapidPublicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/),
      accountMail: false,
    })
  })

  it('says that account links are mailed when SMTP_URL is set, never the URL with its password', async () => {
    const res = await appWith({ SMTP_URL: 'smtps://user:smtp-password-value@smtp.example.com:465' }).request('GET', '/api/public/config')
    expect(res.json.accountMail).toBe(true)
    expect(res.text).not.toContain('smtp-password-value')
    expect(res.text).not.toContain('smtp.example.com')
  })

  it('gives the configured VAPID public key, never the private one', async () => {
    const publicKey = `B${'A'.repeat(86)}`
    const privateKey = 'private-key-private-key-private-key-private'
    const res = await appWith({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).request('GET', '/api/public/config')
    expect(res.json.vapidPublicKey).toBe(publicKey)
    expect(res.text).not.toContain(privateKey)
  })

  it('reports configured services without ever exposing a secret', async () => {
    const res = await appWith({
      DEMO_USERNAME: 'showcase',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'google-secret-value',
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
      TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
      PRINTFUL_TOKEN: 'printful-token-value',
      PRINTFUL_WEBHOOK_SECRET: 'printful-webhook-secret-value',
      PUBLIC_URL: 'https://shirts.example/',
    }).request('GET', '/api/public/config')
    expect(res.json).toEqual({
      demoUsername: 'showcase',
      googleSignIn: true,
      turnstileSiteKey: '1x00000000000000000000AA',
      printProvider: 'printful',
      publicUrl: 'https://shirts.example',
      vapidPublicKey: expect.any(String),
      accountMail: false,
    })
    for (const secret of ['google-secret-value', 'printful-token-value', 'printful-webhook-secret-value', '1x0000000000000000000000000000000AA']) {
      expect(res.text).not.toContain(secret)
    }
  })
})
