// The visitor document of /profile/{id} as served: the built template with its stylesheet inlined (once per build),
// and each profile's page rendered and compressed once per (build, profile version, address), shared by the Hono route
// and the scan fast path (server/scans/fast-path.ts), so both serve the very same bytes.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { PublicProfile } from '../../src/contract/profile.ts'
import type { Config } from '../config.ts'
import type { StaticSite } from '../site/static-files.ts'
import type { CachedPublicProfile } from '../profile-cache/public-profile-cache.ts'
import { inlineStylesheets, renderVisitorPage } from './visitor-page.ts'

const TEMPLATE_PATH = '/profile.html'
const MAX_RENDERED = 500

export type RenderedPage = { body: Uint8Array; etag: string; gzip: Uint8Array; br: Uint8Array }

/** What a cached profile answers at /profile/{id}: a redirect, or its page (undefined until rendered, for peek). */
export type VisitorAnswer = { kind: 'redirect'; location: string } | { kind: 'page'; page: RenderedPage }

export type VisitorDocuments = {
  /** The built visitor document with its stylesheet inlined; undefined when the build has none. */
  template: () => { etag: string; html: string } | undefined
  /** The answer for a cached profile, rendering its page on first use. */
  answer: (entry: CachedPublicProfile, template: { etag: string; html: string }) => VisitorAnswer
  /** The answer only if it needs no rendering: the fast path serves what the route has already rendered. */
  peek: (entry: CachedPublicProfile, template: { etag: string }) => VisitorAnswer | undefined
  /**
   * A redirect profile's page instead of its hop, when the hop would land on another redirect of this site (decision
   * 207): it reads as one without a destination ('No redirect URL is configured for this profile.'), in the embedded
   * copy too, so the page's script does not take the hop either.
   */
  withoutHop: (entry: CachedPublicProfile, template: { etag: string; html: string }) => RenderedPage
}

// Parsed once per cached entry (the entry is replaced on every profile change), not per request.
const parsedProfiles = new WeakMap<CachedPublicProfile, PublicProfile>()
export function profileOf(entry: CachedPublicProfile): PublicProfile {
  let profile = parsedProfiles.get(entry)
  if (!profile) {
    // Our own serialization of a PublicProfile, not outside input.
    profile = JSON.parse(entry.body) as PublicProfile
    parsedProfiles.set(entry, profile)
  }
  return profile
}

/** One per built site: the template, prepared once per build, and the pages rendered from it. */
type SitePages = { template: () => { etag: string; html: string } | undefined; rendered: Map<string, RenderedPage> }

// One set per built site: the app's route and the fast path of the same server find each other's pages. The key holds
// the public URL, so two apps with different configurations sharing a site never share a page.
const bySite = new WeakMap<StaticSite, SitePages>()

export function visitorDocuments(config: Pick<Config, 'publicUrl'>, site: StaticSite): VisitorDocuments {
  let pages = bySite.get(site)
  if (!pages) {
    pages = { template: templateOf(site), rendered: new Map() }
    bySite.set(site, pages)
  }
  const { template, rendered } = pages
  const keyOf = (entry: CachedPublicProfile, templateEtag: string, profile: PublicProfile) =>
    `${templateEtag}|${entry.etag}|${config.publicUrl}/profile/${profile.shareableId}`
  const redirectOf = (profile: PublicProfile): VisitorAnswer | undefined =>
    profile.profileType === 'REDIRECT' && profile.redirectUrl ? { kind: 'redirect', location: profile.redirectUrl } : undefined
  const pageOf = (key: string, html: string, profile: PublicProfile) =>
    renderOnce(rendered, key, () => renderVisitorPage(html, { profile, publicUrl: config.publicUrl, secure: config.publicUrl.startsWith('https:') }))
  return {
    template,
    answer: (entry, shell) => {
      const profile = profileOf(entry)
      const redirect = redirectOf(profile)
      if (redirect) return redirect
      return { kind: 'page', page: pageOf(keyOf(entry, shell.etag, profile), shell.html, profile) }
    },
    withoutHop: (entry, shell) => {
      const profile = profileOf(entry)
      return pageOf(`${keyOf(entry, shell.etag, profile)}|without-hop`, shell.html, { ...profile, redirectUrl: '' } as PublicProfile)
    },
    peek: (entry, shell) => {
      const profile = profileOf(entry)
      const page = rendered.get(keyOf(entry, shell.etag, profile))
      return redirectOf(profile) ?? (page && { kind: 'page', page })
    },
  }
}

/** A page is rendered and compressed once per key, then served from memory. */
function renderOnce(rendered: Map<string, RenderedPage>, key: string, build: () => string): RenderedPage {
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

/** The built visitor document with its stylesheet inlined, prepared once per build. */
function templateOf(site: StaticSite): SitePages['template'] {
  const decoder = new TextDecoder()
  const decode = (body: Uint8Array) => decoder.decode(body)
  let template: { etag: string; html: string } | undefined
  return () => {
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
}
