// Process entry: configuration, database, HTTP server, and a graceful shutdown on SIGTERM/SIGINT.
import { getRequestListener } from '@hono/node-server'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp } from './app.ts'
import { accountMailFor } from './mail/app-mail.ts'
import { bringExternalImagesHome } from './images/external-images.ts'
import { createFastPath, withFastPath } from './scans/fast-path.ts'
import { honestConnections } from './http/honest-connections.ts'
import { SHUTDOWN_GRACE_MS, stopServing } from './http/stop-serving.ts'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { type DatabaseTimeouts, openDatabase } from './db/client.ts'
import { createLogger, type Logger } from './http/logging.ts'
import { installProcessGuards, routeConsoleToLogger } from './process-guards.ts'
import { seedDemoProfile } from './accounts/seed-demo.ts'
import { scaledRateLimits } from './http/rate-limit.ts'
import { startPublicProfileSync } from './public-profile/public-profile-listener.ts'
import { createScanCounter } from './scans/scan-counter.ts'
import { providerCancellationsFor } from './orders/provider-cancellations.ts'
import { notificationsFor } from './notifications/notifications.ts'
import { startSupportRetention } from './support/support-retention.ts'
import { startOrphanImageSweep } from './images/orphan-images.ts'
import { loadStaticSite } from './site/static-files.ts'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * `databaseLocation` lets tests use an in-memory database; by default it follows the configuration. `databaseTimeouts`
 * lets the outage tests shorten the waits of server/db/client.ts.
 */
export async function startServer(
  config: Config,
  options: {
    databaseLocation?: string
    distDir?: string
    databaseTimeouts?: Partial<DatabaseTimeouts>
    logger?: Logger
    /** false: every request goes through Hono (the benches compare; the fast path's tests compare answers). */
    fastPath?: boolean
    /** How long requests in flight at shutdown may take (SHUTDOWN_GRACE_MS); the shutdown test shortens it. */
    shutdownGraceMs?: number
  } = {},
) {
  const location = options.databaseLocation ?? config.databaseUrl ?? path.join(config.dataDir, 'pglite')
  const logger = options.logger ?? createLogger(config.logLevel, undefined, config.logBufferBytes)
  // A connection lost between requests is only worth a line: the pool reconnects on the next query.
  const onConnectionError = (err: Error) => logger.warn({ err }, 'database connection lost; reconnecting on the next query')
  const database = await openDatabase(location, { timeouts: options.databaseTimeouts, onConnectionError })
  // With PostgreSQL, other servers may share the database: their writes reach this server's profile cache by NOTIFY.
  const profileSync = startPublicProfileSync(database, location, { log: (message) => logger.warn(message) })
  // The embedded database is the try-it-out setup, where the landing page's demo QR should open a real profile.
  if (!config.databaseUrl) await seedDemoProfile(database.db, config.demoUsername)
  // Scan counts gather in memory and reach the database every few seconds, and once more at shutdown (decision 105).
  const rateLimits = scaledRateLimits(config.rateLimitScale)
  const scans = createScanCounter({ database, config, rateLimits }, logger)
  // Support messages go 180 days after they were sent (issue 27).
  const stopSupportRetention = startSupportRetention(database.db, (err) => logger.warn({ err }, 'support message sweep failed; trying again later'))
  const deps = { database, config, now: () => new Date(), rateLimits, logger, scans }
  // Uploads nothing came to reference go after a grace period, so they stop counting against the quota (decision 158).
  const stopOrphanSweep = startOrphanImageSweep(database.db, {
    graceMs: config.orphanImageGraceHours * 60 * 60 * 1000,
    clock: deps.now,
    onSwept: (sweep) => (sweep.images > 0 ? logger.info(sweep, 'unreferenced images removed') : undefined),
    onError: (err) => logger.warn({ err }, 'unreferenced image sweep failed; trying again later'),
  })
  const site = loadStaticSite(options.distDir ?? path.join(projectRoot, 'dist'))
  const app = createApp(deps, site)
  // Account mail stored while this server was down (or whose sending failed) goes out shortly after start.
  const accountMail = accountMailFor(deps)
  if (accountMail) setTimeout(() => accountMail.kick(), 1000).unref()
  // Deleted accounts' draft orders not yet cancelled at the provider (this server was down, or the provider) go next.
  const cancellations = providerCancellationsFor(deps)
  setTimeout(() => cancellations.kick(), 1000).unref()
  // Notification events recorded while this server was down (or by one that stopped before delivering) go out now.
  const notifications = notificationsFor(deps)
  notifications.kick()
  // Item images on other hosts come home in the background; a restart simply continues with the rows still left.
  void bringExternalImagesHome(deps).then(
    (result) => (result.copied + result.dropped > 0 ? logger.info(result, 'external item images brought home') : undefined),
    (err: unknown) => logger.warn({ err }, 'bringing external item images home stopped; the next start continues'),
  )
  // Cache hits of a scan's two requests are answered in the listener itself, everything else by Hono (decision 108).
  const fastPath = options.fastPath === false ? undefined : createFastPath(deps, site)
  const server = http.createServer(honestConnections(withFastPath(fastPath, getRequestListener(app.fetch, { hostname: config.host }))))
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port

  let closing: Promise<void> | undefined
  const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS
  const onGraceOver = () => logger.warn({ graceMs }, 'Shutdown grace over: closing the connections still open')
  /** Stops accepting, lets in-flight requests finish (within the grace), then closes the database. */
  const close = () =>
    (closing ??= stopServing(server, graceMs, onGraceOver)
      .then(() => stopSupportRetention())
      .then(() => stopOrphanSweep())
      .then(() => profileSync.close())
      .then(() => accountMail?.stop())
      .then(() => cancellations.stop())
      .then(() => notifications.stop())
      .then(() => scans.close())
      .then(() => database.close()))
  return { port, close, database, logger, scans }
}

/** Runs the server as a process: reads the environment, serves, and shuts down on a signal (`options`: for its tests). */
export async function runFromCommandLine(options: { shutdownGraceMs?: number } = {}) {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  const logger = createLogger(config.logLevel, undefined, config.logBufferBytes)
  routeConsoleToLogger(logger)
  installProcessGuards(logger)
  let started: Awaited<ReturnType<typeof startServer>>
  try {
    started = await startServer(config, { logger, shutdownGraceMs: options.shutdownGraceMs })
  } catch (err) {
    // A database that refuses, a migration that fails: one summarised line (never the query's parameters), then out.
    logger.fatal({ err }, 'QR Tee could not start')
    process.exit(1)
  }
  const { port, close, database } = started
  logger.info({ url: `http://${config.host}:${port}`, database: database.kind, publicUrl: config.publicUrl }, 'QR Tee is serving')
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'Shutting down: finishing in-flight requests')
      close().then(
        () => {
          logger.info('QR Tee stopped')
          process.exit(0)
        },
        (err) => {
          logger.error({ err }, 'Shutdown failed')
          process.exit(1)
        },
      )
    })
  }
}
