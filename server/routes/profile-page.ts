// The first scan of /profile/{id}: a redirect profile answers 302 at once; the other types get the visitor document
// rendered on the server with the profile embedded, so the first paint needs no script and no second round trip.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import type { PublicProfile } from '../../src/contract/profile.ts'
import { OWNER_PROFILE_PATHS } from '../../src/lib/profile-path.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { publicProfileResponse } from '../services/public-profile.ts'
import { inlineStylesheets, renderVisitorPage } from '../services/visitor-page.ts'
import type { StaticSite } from '../static-files.ts'

const TEMPLATE_PATH = '/profile.html'

type RenderedPage = { html: string; etag: string; gzip?: Uint8Array; br?: Uint8Array }
const MAX_RENDERED = 500

export function profilePageRoutes({ database, config }: AppDeps, site: StaticSite) {
  const rendered = new Map<string, RenderedPage>()
  const decode = (body: Uint8Array) => new TextDecoder().decode(body)
  let template: { etag: string; html: string } | undefined

  /** The built visitor document with its stylesheet inlined, prepared once per build. */
  function visitorTemplate() {
    const file = site.get(TEMPLATE_PATH)
    if (!file) return undefined
    if (template?.etag !== file.etag) {
      const html = inlineStylesheets(decode(file.body), (urlPath) => {
        const asset = site.get(urlPath)
        return asset ? decode(asset.body) : undefined
      })
      template = { etag: file.etag, html }
    }
    return template
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

  return new Hono<AppEnv>().get('/profile/:address', async (c, next) => {
    const address = c.req.param('address')
    const shell = visitorTemplate()
    if (OWNER_PROFILE_PATHS.has(address) || !shell) return next()
    const entry = await publicProfileResponse(database.db, address)
    if (!entry) {
      // Missing or switched off: the empty visitor document, which tells the visitor so, under an honest 404.
      return c.html(shell.html, 404, { 'Cache-Control': 'no-cache' })
    }
    // Our own serialization of a PublicProfile, not outside input.
    const profile: PublicProfile = JSON.parse(entry.body)
    if (profile.profileType === 'REDIRECT' && profile.redirectUrl) {
      // The owner may point the shirt elsewhere at any moment, so the hop itself is never stored.
      return c.body(null, 302, { Location: profile.redirectUrl, 'Cache-Control': 'no-store' })
    }
    const canonicalUrl = `${config.publicUrl}/profile/${profile.shareableId}`
    const page = renderOnce(`${shell.etag}|${entry.etag}|${canonicalUrl}`, () =>
      renderVisitorPage(shell.html, { profile, canonicalUrl, secure: config.publicUrl.startsWith('https:') }),
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
