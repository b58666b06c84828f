// Owns each route's document title (the spec's page names), so a screen reader, the tab strip and history tell the
// pages apart; the visitor page keeps the title its server wrote (the owner's name).

const SITE = 'QR Tee'

/** Page names by route id: '' is the landing page (the site's name alone), null leaves the title the page set. */
const PAGE_NAMES: Record<string, string | null> = {
  __root__: 'Page not found',
  '/': '',
  '/register': 'Create an account',
  '/login': 'Sign in',
  '/oauth/callback': 'Sign in',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/verify-email': 'Verify email',
  '/undo-email-change': 'Undo email change',
  '/switch-owner': 'Unsent changes on this device',
  '/help-center': 'Help Center',
  '/demo/wishlist': 'Demo wishlist',
  '/profile/$shareableId': null,
  '/_authed/products/new': 'New wishlist item',
  '/_authed/products/$id': 'Edit wishlist item',
  '/_authed/profile/edit': 'Profile settings',
  '/_authed/profile/qr': 'Profile',
}

/** The dashboard's tabs are its pages (its own tab labels, and the order tab's heading). */
const DASHBOARD_VIEWS = { dashboard: 'Wishlist', order: 'Order a T-Shirt', purchases: 'Purchases', profile: 'Profile' } as const

/** Own keys only: a crafted `view=constructor` is no tab. */
const isView = (view: string): view is keyof typeof DASHBOARD_VIEWS => Object.hasOwn(DASHBOARD_VIEWS, view)

/** The title for the deepest matched route; null when the page's own title must stay. */
export function pageTitle(routeId: string, search: object = {}): string | null {
  if (routeId === '/_authed/dashboard') {
    const view = 'view' in search ? String(search.view) : 'dashboard'
    return `${DASHBOARD_VIEWS[isView(view) ? view : 'dashboard']} · ${SITE}`
  }
  const name = Object.hasOwn(PAGE_NAMES, routeId) ? PAGE_NAMES[routeId] : ''
  if (name === null) return null
  return name ? `${name} · ${SITE}` : SITE
}
