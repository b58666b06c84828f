// Abusive requests and the answers they must get (issue 9, security 3 and 4): oversized, streamed, deeply nested and
// malformed bodies, bad Idempotency-Keys and broken percent-encodings. Every answer is a 4xx {message}, never a 500.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { BODY_LIMITS } from '../../server/http/body-limit.ts'
import { MALFORMED_PATH_MESSAGE } from '../../server/http/http.ts'
import { IDEMPOTENCY_MESSAGES } from '../../server/http/idempotency.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { REQUEST_BODY_MESSAGES } from '../../src/contract/request-body.ts'
import { IDEMPOTENCY_KEY_MESSAGE, PUSH_BODY_DEPTH_MAX, PUSH_BODY_DEPTH_MESSAGE } from '../../src/contract/sync.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { createItem, newKey, type Owner, signUpOwner } from './owner-helpers.ts'

const KB = 1024
const MB = 1024 * KB

/** A built site of two files, so static paths are served as in production. */
function tinySite() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-abuse-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>QR Tee</title>')
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)')
  return loadStaticSite(dist)
}

/** A body sent in 16 KB pieces without a Content-Length, as a chunked upload arrives. */
function streamed(totalBytes: number, fill = 0x20): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close()
      const piece = new Uint8Array(Math.min(16 * KB, totalBytes - sent)).fill(fill)
      sent += piece.byteLength
      controller.enqueue(piece)
    },
  })
}

const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
const ordinaryTooLarge = `The request body must be at most ${BODY_LIMITS.json / KB} KB.`

type Send = { method: string; path: string; json?: unknown; raw?: BodyInit; headers?: Record<string, string>; auth?: boolean }
type AbuseCase = [name: string, status: number, message: string, request: (o: Owner, itemId: string) => Send]

const abuse: AbuseCase[] = [
  // Security 3: bodies bounded before they are read
  ['a 4 MB login body', 413, ordinaryTooLarge, () => ({ method: 'POST', path: '/api/auth/login', json: { email: 'a@example.test', password: 'p'.repeat(4 * MB) } })],
  ['a 1 MB login body streamed without Content-Length', 413, ordinaryTooLarge, () => ({ method: 'POST', path: '/api/auth/login', raw: streamed(MB), headers: { 'Content-Type': 'application/json' } })],
  ['a 100 KB visitor purchase', 413, ordinaryTooLarge, (o, itemId) => ({ method: 'POST', path: `/api/public/profiles/${o.shareableId}/purchases`, json: { wishlistItemId: itemId, pad: 'p'.repeat(100 * KB) } })],
  ['a 100 KB wishlist item with an Idempotency-Key', 413, ordinaryTooLarge, (o) => ({ method: 'POST', path: `/api/wishlist-items/profile/${o.profileId}`, json: { name: 'Big', pad: 'p'.repeat(100 * KB) }, headers: { 'Idempotency-Key': newKey() }, auth: true })],
  ['a 600 KB profile update', 413, `The request body must be at most ${BODY_LIMITS.profile / KB} KB.`, () => ({ method: 'PUT', path: '/api/profiles', json: { description: 'd', pad: 'p'.repeat(600 * KB) }, auth: true })],
  ['a 600 KB profile update streamed with an Idempotency-Key', 413, `The request body must be at most ${BODY_LIMITS.profile / KB} KB.`, () => ({ method: 'PUT', path: '/api/profiles', raw: streamed(600 * KB), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() }, auth: true })],
  ['a push above its named bound', 413, `A push must be at most ${BODY_LIMITS.syncPush / MB} MB.`, () => ({ method: 'POST', path: '/api/sync/push', raw: streamed(BODY_LIMITS.syncPush + 1), headers: { 'Content-Type': 'application/json' }, auth: true })],
  ['an upload above 10 MB streamed', 413, IMAGE_MESSAGES.tooLarge, () => ({ method: 'POST', path: '/api/uploads', raw: streamed(BODY_LIMITS.upload + 1), headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, auth: true })],
  // Deep nesting is answered, never a stack overflow
  // Every JSON body is bounded before any schema (server/http/http.ts readJsonBody); an operation's body has its own, tighter bound
  ['a login body nested 30,000 levels deep', 400, REQUEST_BODY_MESSAGES.tooDeep, () => ({ method: 'POST', path: '/api/auth/login', raw: `{"email":${deepArrays(30_000)}}`, headers: { 'Content-Type': 'application/json' } })],
  ['a push whose operation body nests 30,000 levels', 400, REQUEST_BODY_MESSAGES.tooDeep, () => ({ method: 'POST', path: '/api/sync/push', raw: `{"operations":[{"method":"PUT","path":"/api/profiles","idempotencyKey":"k-1","body":${deepArrays(30_000)}}]}`, headers: { 'Content-Type': 'application/json' }, auth: true })],
  [`a push whose operation body nests ${PUSH_BODY_DEPTH_MAX + 1} levels`, 400, PUSH_BODY_DEPTH_MESSAGE, () => ({ method: 'POST', path: '/api/sync/push', raw: `{"operations":[{"method":"PUT","path":"/api/profiles","idempotencyKey":"k-1","body":${deepArrays(PUSH_BODY_DEPTH_MAX + 1)}}]}`, headers: { 'Content-Type': 'application/json' }, auth: true })],
  // Idempotency-Keys are visible ASCII, 1 to 200 characters, everywhere
  ['an Idempotency-Key with a space', 400, IDEMPOTENCY_MESSAGES.keyShape, (o) => ({ method: 'POST', path: `/api/wishlist-items/profile/${o.profileId}`, json: {}, headers: { 'Idempotency-Key': 'has space' }, auth: true })],
  ['an Idempotency-Key of 201 characters', 400, IDEMPOTENCY_MESSAGES.keyShape, () => ({ method: 'PUT', path: '/api/profiles', json: {}, headers: { 'Idempotency-Key': 'k'.repeat(201) }, auth: true })],
  ['a visitor Idempotency-Key with a non-ASCII letter', 400, IDEMPOTENCY_MESSAGES.keyShape, (o, itemId) => ({ method: 'POST', path: `/api/public/profiles/${o.shareableId}/purchases`, json: { wishlistItemId: itemId }, headers: { 'Idempotency-Key': 'schl\u00fcssel' } })],
  ...['schl\u00fcssel-1', 'has space', 'line\nbreak', '', 'k'.repeat(201)].map(
    (key): AbuseCase => [`a push operation key ${JSON.stringify(key.slice(0, 12))}`, 400, IDEMPOTENCY_KEY_MESSAGE, () => ({ method: 'POST', path: '/api/sync/push', json: { operations: [{ method: 'PUT', path: '/api/profiles', body: {}, idempotencyKey: key }] }, auth: true })],
  ),
  // Security 4: malformed percent-encodings, in the API and in static paths
  ...['/%E0%A4%A', '/%', '/assets/%ZZ.js', '/profile/%E0%A4%A', '/api/%E0%A4%A', '/api/profiles/%C0', '/api/uploads/%E0%A4%A'].map(
    (badPath): AbuseCase => [`GET ${badPath}`, 400, MALFORMED_PATH_MESSAGE, () => ({ method: 'GET', path: badPath })],
  ),
  ['POST /api/auth/%FF', 400, MALFORMED_PATH_MESSAGE, () => ({ method: 'POST', path: '/api/auth/%FF', json: {} })],
]

describeEachDatabase('abusive requests', (getDatabase) => {
  let t: TestApp
  let app: ReturnType<typeof createApp>
  let owner: Owner
  let itemId: string
  const logs = captureLogs()

  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { logger: logs.logger })
    app = createApp(t.deps, tinySite())
    owner = await signUpOwner(t, 'abuse')
    itemId = (await createItem(t, owner)).id
  })

  async function send({ method, path: urlPath, json, raw, headers = {}, auth }: Send) {
    const allHeaders: Record<string, string> = { ...headers }
    if (auth) allHeaders.Authorization = `Bearer ${owner.token}`
    if (json !== undefined) allHeaders['Content-Type'] ??= 'application/json'
    const body = json === undefined ? raw : JSON.stringify(json)
    // `duplex` lets Node's fetch send a stream; the DOM typings do not know it yet.
    const init = { method, headers: allHeaders, body, duplex: 'half' } as RequestInit
    const res = await app.request(urlPath, init)
    return { status: res.status, json: (await res.json().catch(() => undefined)) as { message?: string } | undefined }
  }

  it.each(abuse)('%s answers %i {message}', async (_name, status, message, request) => {
    const res = await send(request(owner, itemId))
    expect(res).toEqual({ status, json: { message } })
  })

  it('none of them logged an unhandled error or a stack trace', () => {
    const lines = logs.lines()
    expect(lines.length).toBeGreaterThan(abuse.length)
    expect(lines.filter((line) => line.level !== 'info')).toEqual([])
    expect(logs.text()).not.toMatch(/URIError|RangeError|\bat /)
  })

  it('bodies above 64 KB are answered normally where a route names a larger bound', async () => {
    const profile = await send({ method: 'PUT', path: '/api/profiles', json: { description: 'Roomy.', pad: 'p'.repeat(300 * KB) }, auth: true })
    expect(profile.status).toBe(200)
    const operations = Array.from({ length: 20 }, () => ({ method: 'PUT', path: '/api/profiles', body: { description: 'Pushed.', pad: 'p'.repeat(50 * KB) }, idempotencyKey: newKey() }))
    const push = await send({ method: 'POST', path: '/api/sync/push', json: { operations }, auth: true })
    expect(push.status).toBe(200)
    expect(push.json).toMatchObject({ results: operations.map(() => ({ status: 200 })) })
  })
})
