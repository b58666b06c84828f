// Which paths the app's router knows (src/routes), so an unknown one is answered 404 with the app's own not-found page.
import type { FileRouteTypes } from '../../src/routeTree.gen.ts'

type RoutePath = FileRouteTypes['fullPaths']

// Every route of the router, written out: the type below fails the build when a route is added and not listed here.
const ROUTES = [
  '/',
  '/forgot-password',
  '/help-center',
  '/login',
  '/register',
  '/reset-password',
  '/switch-owner',
  '/undo-email-change',
  '/verify-email',
  '/dashboard',
  '/demo/wishlist',
  '/oauth/callback',
  '/profile/$shareableId',
  '/products/$id',
  '/products/new',
  '/profile/edit',
  '/profile/qr',
] as const satisfies readonly RoutePath[]

type Unlisted = Exclude<RoutePath, (typeof ROUTES)[number]>
const everyRouteListed: [Unlisted] extends [never] ? true : Unlisted = true
void everyRouteListed

/** A `$param` matches one non-empty segment; the router also takes one trailing slash. */
function patternOf(route: string): RegExp {
  if (route === '/') return /^\/$/
  const segments = route.split('/').map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${segments.join('/')}/?$`)
}

const PATTERNS = ROUTES.map(patternOf)

/** Whether the router has a page for this (decoded) path; an unknown one still gets the shell, but with status 404. */
export function isClientRoute(urlPath: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(urlPath))
}
