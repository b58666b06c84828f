// Serves the prerendered public pages (/, /help-center, /demo/wishlist) with PUBLIC_URL put into their canonical and
// Open Graph addresses, and /sitemap.xml listing them (decision 096). Each page is prepared once per build.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { canonicalUrl, PRERENDERED_DIR, PUBLIC_SITE_PAGES, PUBLIC_URL_PLACEHOLDER, publicSitePageFor } from '../../src/lib/public-site-pages.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { encodeFor, type StaticSite } from './static-files.ts'
import { matchesIfNoneMatch } from '../http/if-none-match.ts'

type Prepared = { sourceEtag: string; body: Uint8Array; gzip: Uint8Array; br: Uint8Array; etag: string }

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function prepare(text: string, sourceEtag: string): Prepared {
  const body = new TextEncoder().encode(text)
  return {
    sourceEtag,
    body,
    gzip: new Uint8Array(gzipSync(body)),
    br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    etag: `"s-${createHash('sha1').update(body).digest('base64url')}"`,
  }
}

export function publicSiteRoutes({ config }: AppDeps, site: StaticSite) {
  const prepared = new Map<string, Prepared>()
  const origin = escapeXml(config.publicUrl)
  const decoder = new TextDecoder()

  /** The built page with this server's address; split/join, never a replacement pattern. */
  function page(file: string): Prepared | undefined {
    const built = site.get(`/${PRERENDERED_DIR}/${file}`)
    if (!built) return undefined
    const known = prepared.get(file)
    if (known?.sourceEtag === built.etag) return known
    const fresh = prepare(decoder.decode(built.body).split(PUBLIC_URL_PLACEHOLDER).join(origin), built.etag)
    prepared.set(file, fresh)
    return fresh
  }

  const sitemap = prepare(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_SITE_PAGES.map((p) => `  <url><loc>${escapeXml(canonicalUrl(config.publicUrl, p.path))}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n'),
    'sitemap',
  )

  return new Hono<AppEnv>()
    .get('/sitemap.xml', (c) => {
      const { body, encoding } = encodeFor(sitemap, c.req.header('Accept-Encoding'))
      const headers: Record<string, string> = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600', Vary: 'Accept-Encoding' }
      if (encoding) headers['Content-Encoding'] = encoding
      return c.body(body as Uint8Array<ArrayBuffer>, 200, headers)
    })
    .get('*', async (c, next) => {
      const known = publicSitePageFor(new URL(c.req.url).pathname)
      const file = known && page(known.file)
      if (!file) return next()
      // no-cache: a new build (or PUBLIC_URL) is picked up at once; the ETag makes the revalidation cheap.
      const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ETag: file.etag, Vary: 'Accept-Encoding' }
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, headers)
      const { body, encoding } = encodeFor(file, c.req.header('Accept-Encoding'))
      if (encoding) headers['Content-Encoding'] = encoding
      return c.body(body as Uint8Array<ArrayBuffer>, 200, headers)
    })
}
