// Owns the visitor's offline path: GET /api/profiles/{id} NetworkFirst into 'public-profiles', saved-copy stamps,
// offline navigations to a REDIRECT profile sent straight to its destination (the worker queues that scan's report),
// and the visitor document for the rest (marked as the worker's copy, so the page reports its scan).
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core/types'
import { ExpirationPlugin } from 'workbox-expiration'
import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { PUBLIC_PROFILES_CACHE } from './cache-names.ts'
import { isCacheablePublicProfile, publicProfileIdFromPagePath } from './paths.ts'
import { asSavedCopy, ownCopyOrNull, savedRedirect, stampCachedAt } from './saved-copy.ts'
import { asWorkerDocument } from './worker-document.ts'
import { startOfflineScanQueue } from './offline-scan-queue.ts'
import { offlineScanReport } from './worker-scan-report.ts'

declare const self: ServiceWorkerGlobalScope

/** The visitor's own document (profile.html): the profile page without the app's router, Mantine or Dexie. */
const VISITOR_DOCUMENT = '/profile.html'

/** The longest an offline redirect waits for its scan report to be stored. */
const QUEUE_WAIT_MS = 1_000

/** Long enough for a slow phone network, short enough that a scan on a dead network still opens the saved copy. */
const NETWORK_TIMEOUT_SECONDS = 3

const savedCopyPlugin: WorkboxPlugin = {
  // Runs after CacheableResponsePlugin, so only 200s get here. Only the profile the address names is kept under it.
  cacheWillUpdate: async ({ request, response }) => {
    const own = await ownCopyOrNull(request.url, response)
    return own ? stampCachedAt(own, new Date()) : null
  },
  // A copy saved before this check existed may be another profile's: it is dropped, never shown.
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (!cachedResponse) return cachedResponse
    if (await ownCopyOrNull(request.url, cachedResponse)) return asSavedCopy(cachedResponse)
    await (await caches.open(PUBLIC_PROFILES_CACHE)).delete(request.url)
    return null
  },
  // 404 = missing or switched off by its owner: the 1-click off-switch must also end the offline copy.
  // 5xx = a server in trouble (its database down, a proxy's 502): a visitor holding a saved copy sees it, as on a dead
  // network; throwing here is how NetworkFirst falls back to the cache. Without a copy the server's own answer stands.
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 404) await (await caches.open(PUBLIC_PROFILES_CACHE)).delete(request.url)
    if (response.status >= 500 && (await (await caches.open(PUBLIC_PROFILES_CACHE)).match(request.url))) throw new Error(`The server answered ${response.status}`)
    return response
  },
}

export function registerPublicProfileRoute(): void {
  registerRoute(
    ({ request, url }) => isCacheablePublicProfile({ request, url, origin: self.location.origin }),
    new NetworkFirst({
      cacheName: PUBLIC_PROFILES_CACHE,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), savedCopyPlugin, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
    }),
    'GET',
  )
}

/**
 * Offline navigations to /profile/{id}: a cached REDIRECT profile answers with a 302 to its destination, sparing the
 * visitor the visitor document and a failing fetch; every other profile gets that document. No page runs for the 302,
 * so the worker queues the scan's report itself. Must be registered before the shell's NavigationRoute, which would
 * otherwise answer first.
 */
export function registerOfflineRedirectRoute(): void {
  const queueScan = startOfflineScanQueue()
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      // Online, the page itself loads the fresh profile and redirects; a stale destination must not win then.
      self.navigator.onLine === false &&
      publicProfileIdFromPagePath(url.pathname) !== null,
    async ({ request, url }) => {
      const id = publicProfileIdFromPagePath(url.pathname)
      const saved = id === null ? null : await cachedRedirect(id)
      if (saved === null) return (await workerVisitorDocument()) ?? fetch(request)
      const report = offlineScanReport(request, saved.shareableId, new Date())
      // A full, failing or blocked storage costs the count, never the visitor's way to the destination.
      if (report) await Promise.race([queueScan(report).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, QUEUE_WAIT_MS))])
      return Response.redirect(saved.target, 302)
    },
  )
}

/**
 * Navigations to /profile/{id} get the precached visitor document, which renders from the profile API (network first,
 * then the saved copy) and reports the scan itself, since the server never sees it. Registered after the offline
 * redirect and before the app shell's NavigationRoute.
 */
export function registerVisitorDocumentRoute(): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && publicProfileIdFromPagePath(url.pathname) !== null,
    async ({ request }) => (await workerVisitorDocument()) ?? fetch(request),
  )
}

/** The precached visitor document, marked so the page knows the server did not see (nor count) this opening. */
async function workerVisitorDocument(): Promise<Response | undefined> {
  const precached = await matchPrecache(VISITOR_DOCUMENT)
  return precached ? asWorkerDocument(precached) : undefined
}

async function cachedRedirect(id: string): Promise<{ target: string; shareableId: string } | null> {
  // Same key the page's fetch used: the id as it appears in /profile/{id}, already URL-encoded.
  const cached = await (await caches.open(PUBLIC_PROFILES_CACHE)).match(new URL(`/api/profiles/${id}`, self.location.origin).href)
  if (!cached) return null
  try {
    return savedRedirect(await cached.json(), id)
  } catch {
    return null
  }
}
