// The first scan of /profile/{id}: a redirect profile answers 302 at once; other types get the app shell with the
// public profile embedded, so the first paint does not wait for another round trip.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import type { PublicProfile } from '../../src/contract/profile.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { publicProfileResponse } from '../services/public-profile.ts'
import type { StaticSite } from '../static-files.ts'

/** Words of owner routes under /profile/ that are not profile addresses. */
const OWNER_PATHS = new Set(['qr', 'edit'])

type RenderedPage = { html: string; etag: string; gzip?: Uint8Array; br?: Uint8Array }
const rendered = new Map<string, RenderedPage>()
const MAX_RENDERED = 500

/** `<` is escaped so profile text can never close the script element it sits in. */
export function embedProfile(shellHtml: string, profileJson: string, canonicalUrl: string, title: string): string {
  const safeJson = profileJson.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  const data = `<script type="application/json" id="profile-data">${safeJson}</script>`
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/(<link rel="canonical" href=")[^"]*(")/, `$1${escapeHtml(canonicalUrl)}$2`)
    .replace(/(<meta property="og:url" content=")[^"]*(")/, `$1${escapeHtml(canonicalUrl)}$2`)
    .replace('</head>', `${data}</head>`)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function renderOnce(key: string, build: () => string): RenderedPage {
  const known = rendered.get(key)
  if (known) return known
  const html = build()
  const page: RenderedPage = { html, etag: `"p-${createHash('sha1').update(html).digest('base64url')}"` }
  if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value ?? '')
  rendered.set(key, page)
  return page
}

export function profilePageRoutes({ database, config }: AppDeps, site: StaticSite) {
  return new Hono<AppEnv>().get('/profile/:address', async (c, next) => {
    const address = c.req.param('address')
    const shell = site.shell()
    if (OWNER_PATHS.has(address) || !shell) return next()
    const entry = await publicProfileResponse(database.db, address)
    if (!entry) return next()
    // Our own serialization of a PublicProfile, not outside input.
    const profile: PublicProfile = JSON.parse(entry.body)
    if (profile.profileType === 'REDIRECT' && profile.redirectUrl) {
      // The owner may point the shirt elsewhere at any moment, so the hop itself is never stored.
      return c.body(null, 302, { Location: profile.redirectUrl, 'Cache-Control': 'no-store' })
    }
    const canonical = `${config.publicUrl}/profile/${profile.shareableId}`
    const page = renderOnce(`${shell.etag}|${entry.etag}|${canonical}`, () =>
      embedProfile(new TextDecoder().decode(shell.body), entry.body, canonical, `${profile.username} · QR Tee`),
    )
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      ETag: page.etag,
      Vary: 'Accept-Encoding',
    }
    if (c.req.header('If-None-Match') === page.etag) return c.body(null, 304, headers)
    const accepts = c.req.header('Accept-Encoding') ?? ''
    if (/\bbr\b/.test(accepts)) {
      page.br ??= new Uint8Array(brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
      return c.body(page.br as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'br' })
    }
    if (/\bgzip\b/.test(accepts)) {
      page.gzip ??= new Uint8Array(gzipSync(page.html))
      return c.body(page.gzip as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'gzip' })
    }
    return c.html(page.html, 200, headers)
  })
}
