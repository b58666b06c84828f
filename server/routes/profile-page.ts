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
import { encodeFor, type StaticSite } from '../static-files.ts'

const TEMPLATE_PATH = '/profile.html'

type RenderedPage = { body: Uint8Array; etag: string; gzip: Uint8Array; br: Uint8Array }
const MAX_RENDERED = 500

export function profilePageRoutes({ database, config }: AppDeps, site: StaticSite) {
  const rendered = new Map<string, RenderedPage>()
  const decoder = new TextDecoder()
  const decode = (body: Uint8Array) => decoder.decode(body)
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

  /** A page is rendered and compressed once per (build, profile version, address), then served from memory. */
  function renderOnce(key: string, build: () => string): RenderedPage {
    const known = rendered.get(key)
    if (known) return known
    const body = new TextEncoder().encode(build())
    const page: RenderedPage = {
      body,
      etag: `"p-${createHash('sha1').update(body).digest('base64url')}"`,
      gzip: new Uint8Array(gzipSync(body)),
      br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
    }
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
    const { body, encoding } = encodeFor(page, c.req.header('Accept-Encoding'))
    return c.body(body as Uint8Array<ArrayBuffer>, 200, encoding ? { ...headers, 'Content-Encoding': encoding } : headers)
  })
}
