// Owns navigations to the prerendered public pages (/, /help-center, /demo/wishlist): the server's copy when it
// answers (PUBLIC_URL filled in), else the precached build of the same page, so the landing opens offline too and is
// never answered with the owner app's shell.
import type { WorkboxPlugin } from 'workbox-core/types'
import { matchPrecache } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { PRERENDERED_DIR, publicSitePageFor } from '../src/lib/public-site-pages.ts'
import { PUBLIC_SITE_CACHE } from './cache-names.ts'

declare const self: ServiceWorkerGlobalScope

const NETWORK_TIMEOUT_SECONDS = 3

/** Neither network nor runtime cache: the page as built, precached with the app. */
const precachedPageFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const page = publicSitePageFor(new URL(request.url).pathname)
    return page ? matchPrecache(`/${PRERENDERED_DIR}/${page.file}`) : undefined
  },
}

export function registerPublicSiteRoute(): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && publicSitePageFor(url.pathname) !== undefined,
    new NetworkFirst({ cacheName: PUBLIC_SITE_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [precachedPageFallback] }),
  )
}
