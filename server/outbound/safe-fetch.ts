// The one way the server fetches a URL someone else chose (link previews, their images, external images brought home):
// checked scheme, port and every DNS address, the connection pinned to the checked address, bounded redirects, time
// and decompressed size, checked content type, and nothing of ours (cookies, credentials) sent along.
import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { IMAGE_TYPES } from '../../src/contract/images.ts'
import { literalAddress, type Refusal, refuseAddresses, refuseUrl } from './address-policy.ts'

/** Every address a host name resolves to (tests inject one that answers a private address). */
export type Resolver = (hostname: string) => Promise<string[]>

export type OutboundOptions = {
  /** `host:port` pairs fetched even though private or on another port (LINK_PREVIEW_ALLOW_HOSTS; tests' local shops). */
  allowHosts: readonly string[]
  resolve?: Resolver
  connectTimeoutMs?: number
  totalTimeoutMs?: number
}

export type FetchKind = 'html' | 'image'

export const OUTBOUND_LIMITS = {
  maxRedirects: 3,
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
  /** Counted after decompression, so a small gzip bomb stops as soon as it has inflated past the bound. */
  maxBytes: { html: 2 * 1024 * 1024, image: 10 * 1024 * 1024 } satisfies Record<FetchKind, number>,
} as const

const ACCEPTED_TYPES: Record<FetchKind, readonly string[]> = {
  html: ['text/html', 'application/xhtml+xml'],
  image: IMAGE_TYPES,
}

const ACCEPT_HEADER: Record<FetchKind, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  image: IMAGE_TYPES.join(','),
}

export type OutboundFailure = Refusal | 'redirects' | 'timeout' | 'too-large' | 'type' | 'status' | 'network'

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export type Fetched = { url: string; contentType: string; body: Buffer }

const defaultResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

const DEFAULT_PORT = { 'http:': 80, 'https:': 443 } as const

/** GETs `target` under every rule above; throws OutboundError naming the rule that stopped it. */
export async function safeFetch(target: string, kind: FetchKind, options: OutboundOptions): Promise<Fetched> {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new OutboundError('scheme', 'not an absolute URL')
  }
  const total = new AbortController()
  const totalMs = options.totalTimeoutMs ?? OUTBOUND_LIMITS.totalTimeoutMs
  const timer = setTimeout(() => total.abort(new OutboundError('timeout', `no complete answer within ${totalMs} ms`)), totalMs)
  try {
    for (let hop = 0; ; hop++) {
      const response = await requestOnce(url, kind, options, total.signal)
      const status = response.statusCode ?? 0
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.destroy()
        const location = response.headers.location
        if (!location) throw new OutboundError('status', `redirect ${status} without a Location`, status)
        if (hop >= OUTBOUND_LIMITS.maxRedirects) throw new OutboundError('redirects', `more than ${OUTBOUND_LIMITS.maxRedirects} redirects`)
        url = new URL(location, url)
        continue
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new OutboundError('status', `answered HTTP ${status}`, status)
      }
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (!ACCEPTED_TYPES[kind].includes(contentType)) {
        response.destroy()
        throw new OutboundError('type', `content type ${contentType || 'missing'} is not ${kind}`)
      }
      const body = await readBounded(response, OUTBOUND_LIMITS.maxBytes[kind], total.signal)
      return { url: url.href, contentType, body }
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error
    if (total.signal.aborted && total.signal.reason instanceof OutboundError) throw total.signal.reason
    throw new OutboundError('network', error instanceof Error ? error.message : 'request failed')
  } finally {
    clearTimeout(timer)
  }
}

/** One request: the URL and its addresses checked, then a connection to exactly the checked address. */
async function requestOnce(url: URL, kind: FetchKind, options: OutboundOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const refusedUrl = refuseUrl(url, options.allowHosts)
  if (refusedUrl) throw new OutboundError(refusedUrl, `refused ${refusedUrl}: ${url.protocol}//${url.host}`)
  const connectMs = options.connectTimeoutMs ?? OUTBOUND_LIMITS.connectTimeoutMs
  return withTimeout(connectMs, signal, async (stage) => {
    const literal = literalAddress(url.hostname)
    const addresses = literal ? [literal] : await (options.resolve ?? defaultResolver)(url.hostname)
    const refused = refuseAddresses(url, addresses, options.allowHosts)
    if (refused) throw new OutboundError(refused, `refused ${url.hostname}: it resolves to a non-public address`)
    const protocol = url.protocol as keyof typeof DEFAULT_PORT
    const client = protocol === 'https:' ? https : http
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = client.request({
        // The checked address itself: no second lookup that a rebinding DNS server could answer differently.
        host: addresses[0],
        port: url.port ? Number(url.port) : DEFAULT_PORT[protocol],
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // A fresh connection each time (no pooled socket to another host); TLS checks the certificate for the name.
        agent: false,
        ...(protocol === 'https:' && !literal && { servername: url.hostname }),
        // Only these: no Cookie, no Authorization, nothing the caller's request carried.
        headers: { Host: url.host, Accept: ACCEPT_HEADER[kind], 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': 'QRTee-LinkPreview/1.0' },
        signal,
      })
      stage.onCancel((error) => request.destroy(error))
      request.once('response', resolve)
      request.once('error', reject)
      request.end()
    })
  })
}

type Stage = { onCancel: (cancel: (error: Error) => void) => void }

/** Runs the connect-and-headers part under its own timer: past `ms`, the attempt is cancelled as a timeout. */
async function withTimeout<T>(ms: number, signal: AbortSignal, run: (stage: Stage) => Promise<T>): Promise<T> {
  let cancel: ((error: Error) => void) | undefined
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new OutboundError('timeout', `no answer headers within ${ms} ms`)
      cancel?.(error)
      reject(error)
    }, ms)
  })
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new OutboundError('timeout', 'aborted'))
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([run({ onCancel: (fn) => (cancel = fn) }), expired, aborted])
  } finally {
    clearTimeout(timer)
  }
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  const name = (encoding ?? '').trim().toLowerCase()
  if (name === '' || name === 'identity') return undefined
  if (name === 'gzip' || name === 'x-gzip') return zlib.createGunzip()
  if (name === 'deflate') return zlib.createInflate()
  if (name === 'br') return zlib.createBrotliDecompress()
  throw new OutboundError('type', `content encoding ${name} is not supported`)
}

/** The body after decompression, stopped (connection and inflater destroyed) as soon as it passes `maxBytes`. */
async function readBounded(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too-large', `more than ${maxBytes} bytes`)
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  let decoder: ReturnType<typeof decoderFor>
  try {
    decoder = decoderFor(response.headers['content-encoding'])
  } catch (error) {
    response.destroy()
    throw error
  }
  const source: Readable = decoder ? response.pipe(decoder) : response
  const stop = (error: Error) => {
    response.destroy(error)
    decoder?.destroy(error)
  }
  response.once('error', (error) => decoder?.destroy(error))
  const onAbort = () => stop(signal.reason instanceof Error ? signal.reason : new OutboundError('timeout', 'aborted'))
  signal.addEventListener('abort', onAbort, { once: true })
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of source) {
      size += (chunk as Buffer).byteLength
      if (size > maxBytes) {
        const error = tooLarge()
        stop(error)
        throw error
      }
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error
    if (signal.aborted && signal.reason instanceof OutboundError) throw signal.reason
    throw new OutboundError('network', error instanceof Error ? error.message : 'body failed')
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return Buffer.concat(chunks)
}
