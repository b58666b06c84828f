// GET /api/public/config: the runtime settings of design.md section 2 that the browser needs (never a secret).
import { Hono } from 'hono'
import type { PublicConfig } from '../../src/contract/public-config.ts'
import type { AppDeps, AppEnv } from '../deps.ts'

export function publicConfigRoutes({ config }: AppDeps) {
  const body: PublicConfig = {
    demoUsername: config.demoUsername,
    googleSignIn: Boolean(config.googleClientId && config.googleClientSecret),
    turnstileSiteKey: config.turnstileSiteKey && config.turnstileSecretKey ? config.turnstileSiteKey : null,
    printProvider: config.printfulToken ? 'printful' : 'demo',
    publicUrl: config.publicUrl,
    vapidPublicKey: config.vapidPublicKey,
    accountMail: Boolean(config.smtpUrl),
  }
  return new Hono<AppEnv>().get('/public/config', (c) => c.json(body, 200, { 'Cache-Control': 'public, max-age=300' }))
}
