// Owns the image cache: /api/uploads/{id} CacheFirst, since an upload's bytes never change under its id.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { IMAGES_CACHE } from './cache-names.ts'
import { isCacheableUpload } from './paths.ts'

declare const self: ServiceWorkerGlobalScope

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60

export function registerImageRoute(): void {
  registerRoute(
    ({ request, url }) => isCacheableUpload({ request, url, origin: self.location.origin }),
    new CacheFirst({
      cacheName: IMAGES_CACHE,
      plugins: [
        // Only real images: an error page or a 404 cached for 30 days would hide a re-upload.
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: THIRTY_DAYS_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
    'GET',
  )
}
