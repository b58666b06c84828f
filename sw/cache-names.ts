// Owns the names of the runtime caches, shared by the routes that fill them and the cleanup that spares them.

/** Public profiles a visitor opened: a re-scan shows the last copy offline. */
export const PUBLIC_PROFILES_CACHE = 'public-profiles'
/** Uploaded images (/api/uploads/{id}); they never change under one id. */
export const IMAGES_CACHE = 'images'
/** The public site's pages (/, /help-center, /demo/wishlist) as the server last answered them. */
export const PUBLIC_SITE_CACHE = 'public-site'

/** What survives a logout: nothing in these belongs to the signed-in owner alone. */
export function keptCacheNames(precacheName: string): Set<string> {
  return new Set([precacheName, PUBLIC_PROFILES_CACHE, IMAGES_CACHE, PUBLIC_SITE_CACHE])
}
