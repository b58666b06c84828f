// A real RFC 8030 push service on a local port, standing in for FCM/Mozilla/Apple in tests and benches: it mints
// browser-like subscriptions (it keeps their private keys), checks each push's VAPID JWT (RFC 8292: audience = its
// origin, expiry in the future and within 24 h, ES256 signed by the key in `k`), decrypts the aes128gcm payload
// (RFC 8291, with node:crypto only, so web-push is checked by an independent implementation), and records what came.
// A test may make it answer 404, 410, 429 (Retry-After) or not answer at all for a subscription.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }

export type ReceivedPush = {
  endpoint: string
  /** The decrypted payload as text, and parsed when it is JSON (the server sends a PushPayload). */
  text: string
  json: unknown
  ttl: number
  urgency: string | undefined
  topic: string | undefined
  /** The VAPID public key (`k`) and the JWT's `sub` the push was signed with. */
  vapidKey: string
  subject: string
  /** Date.now() when it was accepted. */
  receivedAt: number
}

/** What the next push to a subscription gets instead of 201: a status (429 with `retryAfter` seconds) or no answer. */
export type Failure = { status: number; retryAfter?: number } | 'hang'

export type FakePushService = {
  /** http://127.0.0.1:PORT: the server's PUSH_SERVICE_HOSTS takes `127.0.0.1:PORT`. */
  url: string
  /** `127.0.0.1:PORT`, as PUSH_SERVICE_HOSTS wants it. */
  host: string
  newSubscription: () => FakeSubscription
  /** The pushes accepted for `endpoint`, oldest first. */
  messages: (endpoint: string) => ReceivedPush[]
  /** Every push accepted, in order. */
  allMessages: () => ReceivedPush[]
  /** Requests that reached `endpoint`, accepted or not (a retry shows as a second request). */
  requests: (endpoint: string) => number
  /** Resolves once `endpoint` has at least `count` pushes (default 1); rejects after `timeoutMs` (default 10 s). */
  waitFor: (endpoint: string, count?: number, timeoutMs?: number) => Promise<ReceivedPush[]>
  /** The next `times` pushes (default 1) to `endpoint` fail as told. */
  failNext: (endpoint: string, failure: Failure | number, times?: number) => void
  /** Every push, accepted or refused, with the reason of a refusal (VAPID, decryption): for a test's own checks. */
  refusals: () => { endpoint: string; status: number; reason: string }[]
  close: () => Promise<void>
}

type Held = { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer; endpoint: string }

const b64u = (data: Buffer) => data.toString('base64url')

/** RFC 8291 section 3.4 + RFC 8188: one aes128gcm record (Web Push sends one), decrypted with the subscription's keys. */
export function decryptAes128gcm(body: Buffer, held: { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = held.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, held.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02 and zero or more zero bytes.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('bad padding delimiter')
  return padded.subarray(0, end)
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; answers the JWT's claims or throws with the reason. */
export function checkVapid(header: string | undefined, audience: string, nowMs = Date.now()): { key: string; subject: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '')
  if (!match?.[1]) throw new Error('no vapid Authorization')
  const params = Object.fromEntries(match[1].split(',').map((part) => part.trim().split('=') as [string, string]))
  const token = params.t
  const key = params.k
  if (!token || !key) throw new Error('vapid t or k missing')
  const [head, claims, signature] = token.split('.')
  if (!head || !claims || !signature) throw new Error('malformed JWT')
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`)
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point')
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' })
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  if (!signed) throw new Error('bad ES256 signature')
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string }
  if (payload.aud !== audience) throw new Error(`aud ${payload.aud} is not ${audience}`)
  const now = nowMs / 1000
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 24 * 3600) throw new Error('exp not within the next 24 h')
  if (!payload.sub) throw new Error('no sub')
  return { key, subject: payload.sub }
}

export async function startFakePushService(): Promise<FakePushService> {
  const held = new Map<string, Held>()
  const received: ReceivedPush[] = []
  const counts = new Map<string, number>()
  const failures = new Map<string, Failure[]>()
  const refused: { endpoint: string; status: number; reason: string }[] = []
  const hung = new Set<http.ServerResponse>()
  const waiters = new Set<() => void>()
  let origin = ''

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const sub = id ? held.get(id) : undefined
      const answer = (status: number, reason = '', headers: Record<string, string> = {}) => {
        if (status >= 300) refused.push({ endpoint: sub?.endpoint ?? req.url ?? '', status, reason })
        res.writeHead(status, headers).end(reason)
      }
      if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription')
      counts.set(sub.endpoint, (counts.get(sub.endpoint) ?? 0) + 1)
      const failure = failures.get(sub.endpoint)?.shift()
      if (failure === 'hang') return void hung.add(res)
      if (failure) return answer(failure.status, 'told to fail', failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) })
      let vapid: { key: string; subject: string }
      try {
        vapid = checkVapid(req.headers.authorization, origin)
      } catch (err) {
        return answer(403, `VAPID: ${(err as Error).message}`)
      }
      const ttl = Number(req.headers.ttl)
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header missing')
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'content encoding is not aes128gcm')
      let text: string
      try {
        text = decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8')
      } catch (err) {
        return answer(400, `decryption failed: ${(err as Error).message}`)
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const topic = req.headers.topic
      received.push({ endpoint: sub.endpoint, text, json, ttl, urgency: req.headers.urgency as string | undefined, topic: typeof topic === 'string' ? topic : undefined, vapidKey: vapid.key, subject: vapid.subject, receivedAt: Date.now() })
      for (const wake of [...waiters]) wake()
      answer(201, '', { Location: `${origin}/message/${randomUUID()}` })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`

  const messages = (endpoint: string) => received.filter((m) => m.endpoint === endpoint)
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    newSubscription: () => {
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      const endpoint = `${origin}/push/${randomUUID()}`
      held.set(endpoint.slice(endpoint.lastIndexOf('/') + 1), { ecdh, publicKey, auth, endpoint })
      return { endpoint, expirationTime: null, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } }
    },
    messages,
    allMessages: () => [...received],
    requests: (endpoint) => counts.get(endpoint) ?? 0,
    waitFor: (endpoint, count = 1, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages(endpoint).length < count) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(messages(endpoint))
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`fake push service: ${messages(endpoint).length} of ${count} pushes within ${timeoutMs} ms; refusals ${JSON.stringify(refused)}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    failNext: (endpoint, failure, times = 1) => {
      const told = typeof failure === 'number' ? { status: failure } : failure
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), ...Array<Failure>(times).fill(told)])
    },
    refusals: () => [...refused],
    close: async () => {
      for (const res of hung) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The short name the e2e global setup and the benches use. */
export const start = startFakePushService
