// The first scan of /profile/{id}: a redirect profile answers 302 at once (unless the hop would land on another of this
// site's redirects); the other types get the visitor document rendered on the server with the profile embedded, so
// the first paint needs no script and no second round trip.
import { type Context, Hono } from 'hono'
import { OWNER_PROFILE_PATHS } from '../../src/contract/api-paths.ts'
import { siteProfileAddress } from '../../src/contract/redirect-loop.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { scanInputOf } from './scan-input.ts'
import { redirectHeaders, visitorDocumentHeaders } from '../public-profile/profile-headers.ts'
import { publicProfileResponse } from '../public-profile/public-profile.ts'
import { matchesIfNoneMatch } from '../http/if-none-match.ts'
import { profileOf, visitorDocuments } from '../public-profile/visitor-documents.ts'
import { encodeFor, type StaticSite } from '../site/static-files.ts'

const visitorNotFound = (c: Context, shell: { html: string }) => c.html(shell.html, 404, { 'Cache-Control': 'no-cache' })

/**
 * A browser's navigation to a /profile/ path that does not even percent-decode (`/profile/%`): the same page as for
 * an unknown profile, not the API's JSON; undefined for anything else, which keeps the JSON error.
 */
export function malformedProfilePage({ config }: Pick<AppDeps, 'config'>, site: StaticSite) {
  const documents = visitorDocuments(config, site)
  return (c: Context) => {
    const shell = documents.template()
    const navigation = c.req.method === 'GET' && (c.req.header('Accept') ?? '').includes('text/html')
    return shell && navigation && new URL(c.req.url).pathname.startsWith('/profile/') ? visitorNotFound(c, shell) : undefined
  }
}

export function profilePageRoutes({ database, config, scans }: AppDeps, site: StaticSite) {
  // Rendered and compressed once per (build, profile version, address); the fast path serves the same pages.
  const documents = visitorDocuments(config, site)

  /**
   * Whether a redirect's destination is a visitor page of this site that is itself a redirect (decision 207): A to B to
   * A would loop for ever, so a hop from one of this site's profiles never lands on another hop. Read at each scan,
   * from the cache: B may change its type at any time without A's entry changing.
   */
  const landsOnRedirect = async (location: string, requestOrigin: string): Promise<boolean> => {
    const address = siteProfileAddress(location, [config.publicUrl, requestOrigin])
    const target = address === null ? undefined : await publicProfileResponse(database.db, address)
    if (!target) return false
    const profile = profileOf(target)
    return profile.profileType === 'REDIRECT' && profile.redirectUrl !== ''
  }

  return new Hono<AppEnv>().get('/profile/:address', async (c, next) => {
    const address = c.req.param('address')
    const shell = documents.template()
    if (OWNER_PROFILE_PATHS.has(address) || !shell) return next()
    const entry = await publicProfileResponse(database.db, address)
    // Missing or switched off: the empty visitor document, which tells the visitor so, under an honest 404.
    if (!entry) return visitorNotFound(c, shell)
    const answer = documents.answer(entry, shell)
    // The visitor gets the profile (its page, a 304 of it, or its redirect): a scan, unless the rules say otherwise.
    scans.count(scanInputOf(c, entry.profileId, config.trustProxy), () => profileOf(entry).shareableId)
    let page
    if (answer.kind === 'redirect') {
      if (!(await landsOnRedirect(answer.location, new URL(c.req.url).origin))) return c.body(null, 302, redirectHeaders(answer.location))
      page = documents.withoutHop(entry, shell)
    } else page = answer.page
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304, visitorDocumentHeaders(page.etag, undefined))
    const { body, encoding } = encodeFor(page, c.req.header('Accept-Encoding'))
    return c.body(body as Uint8Array<ArrayBuffer>, 200, visitorDocumentHeaders(page.etag, encoding as 'br' | 'gzip' | undefined))
  })
}
