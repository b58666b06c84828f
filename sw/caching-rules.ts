// Owns the runtime caching of design.md section 5 in one call for sw/sw.ts. Call it BEFORE the shell's
// NavigationRoute: Workbox answers with the first route that matches, and the offline redirect must come first.
// /oauth/callback is never cached: no rule here matches it, and its navigation only ever gets the precached shell.
import { registerImageRoute } from './image-route.ts'
import { registerPrivateCacheCleanup } from './private-caches.ts'
import { registerPublicSiteRoute } from './public-site-route.ts'
import { registerOfflineRedirectRoute, registerPublicProfileRoute, registerVisitorDocumentRoute } from './public-profile-route.ts'

export function registerCachingRules(): void {
  registerOfflineRedirectRoute()
  registerVisitorDocumentRoute()
  registerPublicSiteRoute()
  registerPublicProfileRoute()
  registerImageRoute()
  registerPrivateCacheCleanup()
}
