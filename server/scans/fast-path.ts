// Answers the cache hits of a scan's two requests (GET/HEAD /profile/{id} and /api/profiles/{id}) in the Node request
// listener, before the Hono adapter, from bytes and headers prepared once per profile version (decision 108). Anything
// else (a miss, a page not yet rendered, a hop to a visitor page, an unusual request) goes on to Hono untouched.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { OWNER_PROFILE_PATHS } from '../../src/contract/api-paths.ts'
import { isProfilePageUrl } from '../../src/contract/redirect-loop.ts'
import { resolveClientAddress } from '../http/client-address.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { type Logger, logAnswer, REQUEST_ID_HEADER, requestIdFor } from '../http/logging.ts'
import { type Encoding, publicProfileHeaders, redirectHeaders, visitorDocumentHeaders, wireHeaders } from '../public-profile/profile-headers.ts'
import { forRedirect, securityHeadersFor } from '../http/security-headers.ts'
import { type CachedPublicProfile, gzipOf, publicProfileCache } from '../profile-cache/public-profile-cache.ts'
import { matchesIfNoneMatch } from '../http/if-none-match.ts'
import { acceptsGzip } from '../http/accept-encoding.ts'
import type { ScanCounter, ScanInput } from './scan-counter.ts'
import { profileOf, type RenderedPage, visitorDocuments } from '../public-profile/visitor-documents.ts'
import { encodingFor, type StaticSite } from '../site/static-files.ts'

export type FastPathDeps = {
  database: { db: Db }
  config: Pick<Config, 'publicUrl' | 'trustProxy'>
  logger: Logger
  /** The app's own counter (deps.scans), so both paths count into one place. */
  scans?: Pick<ScanCounter, 'count' | 'enabled'>
}

/** One prepared answer: the adapter's header list without the request id, and the body (undefined: none). */
type Prepared = { status: number; head: string[]; body?: Buffer }
type PreparedSet = { ok: Partial<Record<'identity' | 'gzip' | 'br', Prepared>>; notModified: Prepared }
type PreparedDocument = { templateEtag: string } & (
  | { kind: 'redirect'; found: Prepared }
  | { kind: 'page'; page: RenderedPage; answers: PreparedSet }
)

// A path we answer is exactly what Hono would route there: one segment of plain characters (no %, no dot segment),
// and a query of plain characters, which Hono ignores and whose only meaning is for counting (`?preview`). Both are
// within what the adapter keeps verbatim in the request's URL (its reValidRequestUrl), so the counter sees the same.
const ADDRESS = '([A-Za-z0-9_-][A-Za-z0-9_.~-]{0,199})'
const QUERY = "(?:\\?[A-Za-z0-9._~!$&'()*+,;=:@/?-]*)?"
const API_PATH = new RegExp(`^/api/profiles/${ADDRESS}${QUERY}$`)
const PAGE_PATH = new RegExp(`^/profile/${ADDRESS}${QUERY}$`)
// The adapter's own test for a host it may build a URL with unchanged (@hono/node-server, reValidHost).
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
/** Headers that make a request anything but a plain fetch of the answer: Hono decides those. */
const UNUSUAL = ['range', 'if-range', 'expect', 'content-length', 'transfer-encoding', 'upgrade'] as const

export type FastPath = {
  /** true: answered here; false: not touched, the caller hands it to Hono. */
  handle: (req: IncomingMessage, res: ServerResponse) => boolean
  /** How many requests it answered (tests check that a row really took the fast path). */
  answered: () => number
}

export function createFastPath(deps: FastPathDeps, site: StaticSite | undefined): FastPath {
  const security = securityHeadersFor(deps.config.publicUrl)
  const cache = publicProfileCache(deps.database.db)
  const documents = site && visitorDocuments(deps.config, site)
  const apiAnswers = new WeakMap<CachedPublicProfile, PreparedSet>()
  // Keyed by the cache entry, which a profile change replaces: a new version is never served from an old one.
  const documentAnswers = new WeakMap<CachedPublicProfile, PreparedDocument>()
  let answered = 0

  function send(req: IncomingMessage, res: ServerResponse, prepared: Prepared, startedAt: number): true {
    const requestId = requestIdFor(header(req, REQUEST_ID))
    const head = prepared.head.slice()
    head.push(REQUEST_ID, requestId)
    if (prepared.body && req.method === 'GET') {
      head.push('Content-Length', String(prepared.body.byteLength))
      res.writeHead(prepared.status, head)
      res.end(prepared.body)
    } else {
      res.writeHead(prepared.status, head)
      res.end()
    }
    answered++
    // The line itself is built only when it will be written (a silent logger costs nothing per scan).
    // The path matched ADDRESS: short, and no secret segment for clippedPath to replace.
    if (deps.logger.isLevelEnabled('info')) logAnswer(deps.logger, requestId, req.method ?? 'GET', pathOf(req.url ?? ''), prepared.status, startedAt)
    return true
  }

  function publicProfile(req: IncomingMessage, res: ServerResponse, address: string, startedAt: number): boolean {
    const entry = cache.lookup(address)
    if (!entry) return false
    const acceptEncoding = header(req, 'accept-encoding')
    const gzip = acceptsGzip(acceptEncoding)
    // Without gzip the compress middleware may deflate what the route sends plain (`deflate`, or `*` with gzip;q=0):
    // Hono's to answer.
    if (!gzip && acceptEncoding && /deflate|\*/i.test(acceptEncoding)) return false
    let set = apiAnswers.get(entry)
    if (!set) {
      set = preparedApi(entry, security)
      apiAnswers.set(entry, set)
    }
    if (matchesIfNoneMatch(header(req, 'if-none-match'), entry.etag)) return send(req, res, set.notModified, startedAt)
    const ok = gzip ? set.ok.gzip : set.ok.identity
    return ok ? send(req, res, ok, startedAt) : false
  }

  function visitorDocument(req: IncomingMessage, res: ServerResponse, address: string, startedAt: number): boolean {
    const shell = documents?.template()
    if (!shell || OWNER_PROFILE_PATHS.has(address)) return false
    const entry = cache.lookup(address)
    if (!entry) return false
    const prepared = preparedDocument(entry, shell.etag)
    if (!prepared) return false
    countScan(req, entry)
    if (prepared.kind === 'redirect') return send(req, res, prepared.found, startedAt)
    if (matchesIfNoneMatch(header(req, 'if-none-match'), prepared.page.etag)) return send(req, res, prepared.answers.notModified, startedAt)
    const ok = prepared.answers.ok[encodingFor(prepared.page, header(req, 'accept-encoding')) ?? 'identity']
    return ok ? send(req, res, ok, startedAt) : false
  }

  /** Per profile version and build: found once through the rendered pages, then straight from the cache entry. */
  function preparedDocument(entry: CachedPublicProfile, templateEtag: string): PreparedDocument | undefined {
    const known = documentAnswers.get(entry)
    if (known?.templateEtag === templateEtag) return known
    const answer = documents?.peek(entry, { etag: templateEtag })
    // A hop to a visitor page may land on another redirect of this site: the route looks at that page first (decision 207).
    if (!answer || (answer.kind === 'redirect' && isProfilePageUrl(answer.location))) return undefined
    const prepared: PreparedDocument =
      answer.kind === 'redirect'
        ? { kind: 'redirect', templateEtag, found: { status: 302, head: wireHeaders(redirectHeaders(answer.location), forRedirect(security)) } }
        : { kind: 'page', templateEtag, page: answer.page, answers: preparedPage(answer.page, security) }
    documentAnswers.set(entry, prepared)
    return prepared
  }

  /** Exactly the route's counting (server/scans/profile-page.ts): the same counter, rules and input. */
  function countScan(req: IncomingMessage, entry: CachedPublicProfile): void {
    // The profile is parsed once per version (a WeakMap), so its shareableId costs no more than the lazy form.
    // Switched off (SCAN_COUNTING=off): not even the input is built.
    if (!deps.scans?.enabled) return
    deps.scans.count(new NodeScanInput(req, entry.profileId, deps.config.trustProxy), profileOf(entry).shareableId)
  }

  return {
    answered: () => answered,
    handle(req, res) {
      const method = req.method
      if (method !== 'GET' && method !== 'HEAD') return false
      const url = req.url ?? ''
      const host = req.headers.host
      if (!host || !PLAIN_HOST.test(host)) return false
      const headers = req.headers
      for (const name of UNUSUAL) if (headers[name] !== undefined) return false
      const startedAt = performance.now()
      const page = PAGE_PATH.exec(url)
      if (page?.[1]) return visitorDocument(req, res, page[1], startedAt)
      const api = API_PATH.exec(url)
      if (api?.[1]) return publicProfile(req, res, api[1], startedAt)
      return false
    },
  }
}

/** The Node listener of the server: the fast path first, then the Hono adapter for everything it leaves. */
export function withFastPath(fastPath: FastPath | undefined, adapter: RequestListener): RequestListener {
  if (!fastPath) return adapter
  return (req, res) => {
    if (!fastPath.handle(req, res)) adapter(req, res)
  }
}

type SecurityHeaders = ReturnType<typeof securityHeadersFor>

function preparedApi(entry: CachedPublicProfile, security: SecurityHeaders): PreparedSet {
  const ok = (encoding: Encoding, body: Uint8Array): Prepared => ({
    status: 200,
    head: wireHeaders(publicProfileHeaders(entry.etag, { status: 200, encoding }), security),
    body: asBuffer(body),
  })
  return {
    ok: { identity: ok(undefined, Buffer.from(entry.body)), gzip: ok('gzip', gzipOf(entry)) },
    notModified: { status: 304, head: wireHeaders(publicProfileHeaders(entry.etag, { status: 304 }), security) },
  }
}

function preparedPage(page: RenderedPage, security: SecurityHeaders): PreparedSet {
  const ok = (encoding: Encoding, body: Uint8Array): Prepared => ({ status: 200, head: wireHeaders(visitorDocumentHeaders(page.etag, encoding), security), body: asBuffer(body) })
  return {
    ok: { identity: ok(undefined, page.body), gzip: ok('gzip', page.gzip), br: ok('br', page.br) },
    notModified: { status: 304, head: wireHeaders(visitorDocumentHeaders(page.etag, undefined), security) },
  }
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** A request header as Hono reads it (names are lower case in Node; repeated ones already joined). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase()

/**
 * The counter's view of a Node request, as server/scans/scan-input.ts gives it of a Hono one; no closure per scan. Exported
 * for bench/lib-scan-counting.ts, which times the counting of a scan on its own.
 */
export class NodeScanInput implements ScanInput {
  readonly clientAddress: string
  readonly userAgent: string
  readonly method: string
  readonly url: string | undefined
  constructor(
    private readonly req: IncomingMessage,
    readonly profileId: string,
    trustProxy: number,
  ) {
    this.clientAddress = trustProxy > 0 ? resolveClientAddress(header(req, 'x-forwarded-for'), peerOf(req), trustProxy) : socketAddress(req)
    this.userAgent = header(req, 'user-agent') ?? ''
    this.method = req.method ?? 'GET'
    this.url = req.url
  }

  header(name: string): string | undefined {
    return header(this.req, name.toLowerCase())
  }
}

const peerOf = (req: IncomingMessage) => () => req.socket.remoteAddress

// A keep-alive connection carries many scans from one peer: its address is resolved once, not per request.
const socketAddresses = new WeakMap<Socket, string>()
function socketAddress(req: IncomingMessage): string {
  let address = socketAddresses.get(req.socket)
  if (address === undefined) {
    address = resolveClientAddress(undefined, peerOf(req), 0)
    socketAddresses.set(req.socket, address)
  }
  return address
}

const pathOf = (url: string) => {
  const query = url.indexOf('?')
  return query < 0 ? url : url.slice(0, query)
}
