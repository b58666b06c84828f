// What the scan benches share: a lean closed-loop HTTP/1.1 load generator on raw sockets (so the generator costs
// little of the machine's two cores) and the raw node:http baseline serving recorded answers. The servers' child
// processes are bench/lib-bench-children.ts's.
import { readFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'

export type LoadResult = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** The server process's CPU time (user + system) per answered request, warm-up included: robust to a busy machine. */
  cpuUsPerRequest: number
  /**
   * The user-space part of it. The kernel's part (the socket's read and writev) is the same for the app and raw
   * node:http serving the same bytes, one read and one writev per request for both (`strace -c`), so the user part
   * is where the app's own cost shows.
   */
  userUsPerRequest: number
}

/** A process's CPU time so far in µs, user and system, from /proc (Linux); 0 elsewhere, and the CPU column then reads 0. */
export function cpuTimesUs(pid: number | undefined): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 }
  } catch {
    return { user: 0, system: 0 }
  }
}

/** A phone's browser: scans are counted only for agents that are not bots. */
export const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

export function requestBytes(urlPath: string, headers: Record<string, string>): Buffer {
  const lines = [`GET ${urlPath} HTTP/1.1`, 'Host: 127.0.0.1', 'User-Agent: ' + PHONE_AGENT, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1')
}

const HEADER_END = Buffer.from('\r\n\r\n')

/**
 * `connections` keep-alive sockets, each sending its next request when the last answer is complete (by
 * Content-Length, or a redirect's empty chunked body). 1 s of warm-up is not measured.
 */
export async function load(port: number, request: Buffer, seconds: number, connections: number, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = cpuTimesUs(serverPid)
  let answered = 0
  const warmUntil = performance.now() + 1000
  const endAt = warmUntil + seconds * 1000
  const latencies: number[] = []
  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.setNoDelay(true)
      let pendingHead: Buffer | undefined
      let remaining = -1
      let sentAt = 0
      let done = false
      const send = () => {
        sentAt = performance.now()
        if (sentAt >= endAt) {
          done = true
          socket.end()
          return resolve()
        }
        socket.write(request)
      }
      socket.on('connect', send)
      socket.on('error', reject)
      // A server that closes a keep-alive connection mid-run would otherwise leave the run waiting for ever.
      socket.on('close', () => {
        if (!done) reject(new Error(`the server closed a connection after ${answered} answers`))
      })
      socket.on('data', (chunk: Buffer) => {
        let offset = 0
        // `remaining === 0`: an answer without a body (a redirect) that ended this chunk is complete too.
        while (offset < chunk.length || remaining === 0) {
          if (remaining < 0) {
            const rest = chunk.subarray(offset)
            const buf = pendingHead ? Buffer.concat([pendingHead, rest]) : rest
            const end = buf.indexOf(HEADER_END)
            if (end < 0) {
              pendingHead = Buffer.from(buf)
              return
            }
            const head = buf.toString('latin1', 0, end)
            if (!head.startsWith('HTTP/1.1 200') && !head.startsWith('HTTP/1.1 302')) return reject(new Error(`unexpected answer: ${head.slice(0, 40)}`))
            // A redirect comes as the Hono adapter sends it, chunked with no body: its last chunk, `0\r\n\r\n`, is 5 bytes.
            const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
            remaining = length !== undefined ? Number(length) : /\r\ntransfer-encoding: *chunked/i.test(head) && head.startsWith('HTTP/1.1 302') ? 5 : 0
            offset = chunk.length - (buf.length - end - 4)
            pendingHead = undefined
          }
          const take = Math.min(remaining, chunk.length - offset)
          remaining -= take
          offset += take
          if (remaining === 0) {
            remaining = -1
            answered++
            if (sentAt >= warmUntil) latencies.push(performance.now() - sentAt)
            send()
          }
        }
      })
    })
  await Promise.all(Array.from({ length: connections }, connection))
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const cpuAfter = cpuTimesUs(serverPid)
  const perRequest = (us: number) => us / Math.max(1, answered)
  const userUsPerRequest = perRequest(cpuAfter.user - cpuBefore.user)
  const cpuUsPerRequest = userUsPerRequest + perRequest(cpuAfter.system - cpuBefore.system)
  return { requestsPerSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), requests: latencies.length, cpuUsPerRequest, userUsPerRequest }
}

export type Recorded = { status?: number; headers: Record<string, string>; body: string }

// Per-connection or per-moment headers the raw server's own http stack writes itself.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** One answer as the app gave it: headers (transport ones aside) and the body as base64. */
export function fetchAnswer(port: number, urlPath: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { 'User-Agent': PHONE_AGENT, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        if (res.statusCode !== 200 && res.statusCode !== 302) return reject(new Error(`${urlPath}: status ${res.statusCode}`))
        const kept = Object.entries(res.headers).flatMap(([k, v]) => (typeof v === 'string' && !TRANSPORT_HEADERS.has(k) ? [[k, v]] : []))
        resolve({ status: res.statusCode, headers: Object.fromEntries(kept), body: Buffer.concat(chunks).toString('base64') })
      })
    })
    req.on('error', reject)
  })
}

/** node:http answering each recorded path with its bytes and the app's own headers, nothing else; resolves to its port. */
export function startRawServer(answersFile: string): Promise<{ port: number; server: http.Server }> {
  const recorded = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, Recorded>
  const answers = new Map(Object.entries(recorded).map(([urlPath, a]) => [urlPath, { status: a.status ?? 200, headers: a.headers, body: Buffer.from(a.body, 'base64') }]))
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '')
    if (!answer) {
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server })
    }),
  )
}

/** The round with the least CPU per request, the one least disturbed by the rest of the machine (its user part goes with it). */
export const leastCpuRound = (results: LoadResult[]): LoadResult => results.reduce((least, r) => (r.cpuUsPerRequest < least.cpuUsPerRequest ? r : least), results[0] ?? NO_RESULT)

const NO_RESULT: LoadResult = { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, requests: 0, cpuUsPerRequest: 0, userUsPerRequest: 0 }

export const median = (results: LoadResult[]): LoadResult => {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  return sorted[Math.floor(sorted.length / 2)] ?? NO_RESULT
}
