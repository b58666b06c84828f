// Owns the list of prerendered public pages: their addresses, built files, titles and descriptions, shared by the
// prerender step (scripts/prerender-public-site.tsx), the server that serves them and the sitemap (decision 096).

/** Written into the prerendered HTML where the site's own origin goes; the server puts PUBLIC_URL in its place. */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.qrtee.invalid'

/** Folder of dist/ holding the prerendered pages. */
export const PRERENDERED_DIR = 'public-site'

export type PublicSitePage = {
  page: 'landing' | 'help-center' | 'demo-wishlist'
  path: '/' | '/help-center' | '/demo/wishlist'
  file: string
  title: string
  description: string
}

export const PUBLIC_SITE_PAGES: readonly PublicSitePage[] = [
  {
    page: 'landing',
    path: '/',
    file: 'landing.html',
    title: 'QR Tee: Scan. Wear. Surprise.',
    description:
      'A t-shirt with your own QR code. One scan opens your wishlist, your links or anything you choose, and you can change it at any time without reprinting.',
  },
  {
    page: 'help-center',
    path: '/help-center',
    file: 'help-center.html',
    title: 'Help Center · QR Tee',
    description: 'How QR Tee works: ordering, sizes, printing and shipping, changing what your code shows, the off-switch, privacy, payments and support.',
  },
  {
    page: 'demo-wishlist',
    path: '/demo/wishlist',
    file: 'demo-wishlist.html',
    title: 'Demo wishlist · QR Tee',
    description: 'See what friends see when they scan a QR Tee wishlist: the gifts its wearer would love, each one bought whole by a friend.',
  },
]

/** The page for a request path, with or without a trailing slash. */
export function publicSitePageFor(pathname: string): PublicSitePage | undefined {
  const normal = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return PUBLIC_SITE_PAGES.find((page) => page.path === normal)
}

/** The canonical address of a page: the origin without a trailing slash for /, origin + path otherwise. */
export function canonicalUrl(origin: string, path: string): string {
  return path === '/' ? origin : `${origin}${path}`
}
