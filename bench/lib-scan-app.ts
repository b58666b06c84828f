// The scan benches' app server: the real server as `npm start` runs it (startServer, the built site, request logs on
// standard output unless asked otherwise), on an in-memory
// database holding `profiles` other profiles and one wishlist owner per item count asked for.
import { sql } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { apiCall as call } from './lib-api-call.ts'
import { announce, serveRawOnRequest } from './lib-bench-children.ts'

/** `logs`: the default request log (LOG_LEVEL=info, to standard output, a pipe) or none (silent). */
export type AppOptions = { counting: boolean; fastPath: boolean; logs: boolean; items: number[]; profiles: number }
/** Where each wishlist is, by its item count, and the redirect profile (key 'redirect'). */
export type AppReady = { port: number; shareableIds: Record<string, string> }

/** An owner whose code redirects (spec: Redirect profile type); returns its shareable id. */
async function redirectOwner(baseUrl: string): Promise<string> {
  const { token } = await call(baseUrl, 'POST', '/api/auth/register', undefined, { username: 'scanbenchredirect', email: 'scanbenchredirect@example.com', password: 'bench password 1' })
  const auth = String(token)
  const profile = await call(baseUrl, 'PUT', '/api/profiles', auth, { profileType: 'REDIRECT', redirectUrl: 'https://example.com/my-shop' })
  return String(profile.shareableId)
}

/** An owner with a wishlist of `items` realistic items (the bound is 200); returns the page's shareable id. */
async function wishlistOwner(baseUrl: string, items: number): Promise<string> {
  const name = `scanbench${items}`
  const { token } = await call(baseUrl, 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'bench password 1' })
  const auth = String(token)
  const profile = await call(baseUrl, 'GET', '/api/profiles', auth)
  await call(baseUrl, 'PUT', '/api/profiles', auth, {
    profileType: 'WISHLIST',
    description: 'Coffee, climbing and a few things I would love to get.',
    socialLinks: [{ platform: 'github', url: 'github.com/bench' }],
  })
  for (let n = 1; n <= items; n++) {
    await call(baseUrl, 'POST', `/api/wishlist-items/profile/${String(profile.id)}`, auth, {
      name: `Wishlist item number ${n}`,
      brand: 'Brand',
      price: 10 + n + 0.99,
      description: `A realistic description of item ${n}, long enough to look like one.`,
      productUrl: `https://example.com/product/${n}`,
    })
  }
  return String(profile.shareableId)
}

/** Child mode: serve, seed, announce the port and the wishlists. */
export async function serveApp(options: AppOptions): Promise<void> {
  const { loadConfig } = await import('../server/config.ts')
  const { startServer } = await import('../server/main.ts')
  const config = loadConfig({
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qr-tee-scan-bench-')),
    LOG_LEVEL: options.logs ? 'info' : 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: '1000',
    SCAN_COUNTING: options.counting ? 'on' : 'off',
  })
  const { createLogger } = await import('../server/http/logging.ts')
  const logger = createLogger(config.logLevel, undefined, config.logBufferBytes)
  const server = await startServer(config, { databaseLocation: 'memory://', fastPath: options.fastPath, logger })
  if (options.profiles > 0) {
    // Owners without passwords (as Google-only accounts are), each with a short public profile and its addresses.
    await server.database.db.execute(sql`
      with u as (
        insert into users (username, email)
        select 'bulk' || g, 'bulk' || g || '@example.com' from generate_series(1, ${options.profiles}) g
        returning id, username
      ), p as (
        insert into profiles (user_id, shareable_id, description)
        select id, substr(md5(username), 1, 12), 'One of many profiles' from u
        returning user_id, shareable_id
      )
      insert into public_addresses (address, user_id, kind)
      select shareable_id, user_id, 'shareable_id' from p`)
  }
  const baseUrl = `http://127.0.0.1:${server.port}`
  const shareableIds: Record<string, string> = {}
  for (const items of options.items) shareableIds[items] = await wishlistOwner(baseUrl, items)
  shareableIds.redirect = await redirectOwner(baseUrl)
  serveRawOnRequest((level) => (logger.level = level))
  announce({ port: server.port, shareableIds } satisfies AppReady)
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
}
