// The Hono app: one sub-app per resource under /api, the built PWA with SPA fallback, errors as JSON {message}.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { boundedBodies } from './http/body-limit.ts'
import type { AppDeps, AppDepsInput, AppEnv } from './deps.ts'
import { toErrorResponse, wellFormedPath } from './http/http.ts'
import { createLogger, loggedPath, requestLogging } from './http/logging.ts'
import { authRoutes } from './accounts/auth.ts'
import { healthRoutes } from './http/health.ts'
import { linkPreviewRoutes } from './link-previews/link-previews.ts'
import { openapiRoutes } from './http/openapi.ts'
import { malformedProfilePage, profilePageRoutes } from './scans/profile-page.ts'
import { profileRoutes } from './profiles/profiles.ts'
import { publicConfigRoutes } from './site/public-config.ts'
import { publicRoutes } from './public-profile/public.ts'
import { publicSiteRoutes } from './site/public-site.ts'
import { scanReportRoutes } from './scans/scan-reports.ts'
import { statsRoutes } from './scans/stats.ts'
import { supportRoutes } from './support/support.ts'
import { purchaseRecordRoutes } from './profiles/purchase-records.ts'
import { syncRoutes } from './sync/sync.ts'
import { uploadRoutes } from './images/uploads.ts'
import { userRoutes } from './accounts/users.ts'
import { wishlistItemRoutes } from './profiles/wishlist-items.ts'
import { orderRoutes } from './orders/orders.ts'
import { printfulRoutes } from './orders/printful.ts'
import { webhookRoutes } from './orders/webhooks.ts'
import { pushRenewalRoutes } from './notifications/push-renewals.ts'
import { pushSubscriptionRoutes } from './notifications/push-subscriptions.ts'
import { securityHeaders } from './http/security-headers.ts'
import { createScanCounter } from './scans/scan-counter.ts'
import { encodeFor, type StaticSite } from './site/static-files.ts'
import { isClientRoute } from './site/client-routes.ts'
import { matchesIfNoneMatch } from './http/if-none-match.ts'

export function createApp(input: AppDepsInput, site?: StaticSite) {
  const app = new Hono<AppEnv>()
  const logger = input.logger ?? createLogger(input.config.logLevel)
  // The very object given when it has a counter: modules keep per-app state keyed by it (limiter, outbox, provider).
  const deps: AppDeps = hasScanCounter(input) ? input : { ...input, scans: createScanCounter(input, logger) }

  // Logging first, so every answer (a refused body or path included) has a request id and a line.
  app.use('*', requestLogging(logger))
  app.use('*', securityHeaders(input.config.publicUrl))
  app.use('*', wellFormedPath(site ? malformedProfilePage(deps, site) : undefined))
  app.use('*', boundedBodies())
  // The Google sign-in's landing page carries tokens in its address: no browser or proxy may keep the answer.
  // So do the pages of mailed links (issue 24): their address holds a single-use token.
  for (const page of ['/oauth/callback', '/reset-password', '/verify-email', '/undo-email-change']) {
    app.use(page, async (c, next) => {
      await next()
      c.res.headers.set('Cache-Control', 'no-store')
    })
  }
  app.use('/api/*', async (c, next) => {
    await next()
    // Authenticated and dynamic answers must never be stored by a browser or proxy; routes that may be cached say so.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
  app.use('/api/*', compress({ threshold: 1024 }))

  const api = new Hono<AppEnv>()
  api.route('/', healthRoutes(deps))
  api.route('/auth', authRoutes(deps))
  api.route('/users', userRoutes(deps))
  api.route('/profiles', profileRoutes(deps))
  api.route('/', publicRoutes(deps))
  api.route('/', scanReportRoutes(deps))
  api.route('/', statsRoutes(deps))
  api.route('/', publicConfigRoutes(deps))
  api.route('/', supportRoutes(deps))
  api.route('/', wishlistItemRoutes(deps))
  api.route('/', uploadRoutes(deps))
  api.route('/', linkPreviewRoutes(deps))
  api.route('/', purchaseRecordRoutes(deps))
  api.route('/', printfulRoutes(deps))
  api.route('/', orderRoutes(deps))
  api.route('/', webhookRoutes(deps))
  api.route('/', pushSubscriptionRoutes(deps))
  api.route('/', pushRenewalRoutes(deps))
  // The push runs each operation through this same app, so it behaves exactly like separate calls.
  api.route('/', syncRoutes(deps, (request, bindings) => app.fetch(request, bindings)))
  api.route('/', openapiRoutes())
  app.route('/api', api)

  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404))

  if (site) app.route('/', profilePageRoutes(deps, site))
  if (site) app.route('/', publicSiteRoutes(deps, site))

  app.get('*', (c) => {
    if (!site) return c.json({ message: 'Not found' }, 404)
    const urlPath = decodeURIComponent(new URL(c.req.url).pathname)
    const asset = site.get(urlPath)
    const file = asset ?? (looksLikeClientRoute(urlPath) ? site.shell() : undefined)
    if (!file) return c.json({ message: 'Not found' }, 404)
    // A path the router does not know still gets the app, which shows its not-found page, but says so in its status.
    const found = asset !== undefined || isClientRoute(urlPath)
    if (found && matchesIfNoneMatch(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, { ETag: file.etag })
    const { body, encoding } = encodeFor(file, c.req.header('Accept-Encoding'))
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      Vary: 'Accept-Encoding',
    }
    if (found) headers.ETag = file.etag
    if (encoding) headers['Content-Encoding'] = encoding
    return c.body(body as Uint8Array<ArrayBuffer>, found ? 200 : 404, headers)
  })

  app.notFound((c) => c.json({ message: 'Not found' }, 404))
  app.onError((err, c) => {
    const { status, message, headers, reason } = toErrorResponse(err)
    if (status >= 500) logger.error({ reqId: c.get('requestId'), method: c.req.method, path: loggedPath(c.req.url), err }, 'unhandled error')
    return c.json(reason === undefined ? { message } : { message, reason }, status, headers)
  })
  return app
}

function hasScanCounter(input: AppDepsInput): input is AppDeps {
  return input.scans !== undefined
}

/** A path without a file extension is a client route; a missing /assets/x.js is a real 404. */
function looksLikeClientRoute(urlPath: string): boolean {
  return !/\.[a-z0-9]+$/i.test(urlPath)
}
