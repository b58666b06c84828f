// Serves the built PWA from memory with precomputed gzip/brotli bodies, and the SPA fallback for client routes.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { codingQuality } from '../http/accept-encoding.ts'

type StaticFile = {
  body: Uint8Array
  gzip?: Uint8Array
  br?: Uint8Array
  type: string
  etag: string
  cacheControl: string
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map'])

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')]
  })
}

/** Hashed assets never change; the HTML shell and the service worker must always be revalidated. */
function cacheControlFor(file: string): string {
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  if (file.endsWith('.html') || file === 'sw.js' || file.endsWith('.webmanifest')) return 'no-cache'
  return 'public, max-age=3600'
}

export type StaticSite = {
  get: (urlPath: string) => StaticFile | undefined
  /** The SPA shell (index.html), answered for client routes. */
  shell: () => StaticFile | undefined
}

export function loadStaticSite(distDir: string): StaticSite {
  const files = new Map<string, StaticFile>()
  if (existsSync(distDir)) {
    for (const rel of walk(distDir)) {
      const body = readFileSync(path.join(distDir, rel))
      const ext = path.extname(rel)
      const file: StaticFile = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        cacheControl: cacheControlFor(rel),
      }
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        file.gzip = gzipSync(body, { level: 9 })
        file.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      }
      files.set('/' + rel, file)
    }
  }
  return {
    get: (urlPath) => files.get(urlPath),
    shell: () => files.get('/index.html'),
  }
}

type Encodable = Pick<StaticFile, 'body' | 'gzip' | 'br'>

/**
 * Which of the file's forms the client gets (undefined: the plain body): of those it accepts (q > 0), the one it
 * prefers, brotli (the smaller) on a tie. A client that refuses both, and identity too, still gets the plain body.
 */
export function encodingFor(file: Encodable, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const br = file.br ? codingQuality(acceptEncoding, 'br') : 0
  // The common headers (`gzip, deflate, br`, `br`) end here, without reading the header twice.
  if (br === 1) return 'br'
  const gzip = file.gzip ? codingQuality(acceptEncoding, 'gzip') : 0
  if (br > 0 && br >= gzip) return 'br'
  return gzip > 0 ? 'gzip' : undefined
}

/** Picks the smallest encoding the client accepts. */
export function encodeFor(file: Encodable, acceptEncoding: string | undefined): { body: Uint8Array; encoding?: string } {
  const encoding = encodingFor(file, acceptEncoding)
  return { body: (encoding && file[encoding]) || file.body, encoding }
}
