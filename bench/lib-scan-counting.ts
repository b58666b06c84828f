// What counting adds to one scan, timed in-process: the fast path's scan input and ScanCounter.count() for phone
// requests, without sockets, so a busy machine disturbs it far less than the load bench's CPU comparison of two servers.
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { NodeScanInput } from '../server/scans/fast-path.ts'
import type { Database } from '../server/db/client.ts'
import { ScanCounter } from '../server/scans/scan-counter.ts'
import { PHONE_AGENT } from './lib-scan-load.ts'

/** A request as the Node parser hands it over (headers lower case), on a socket of its own, like a keep-alive client's. */
function phoneRequest(path: string, agent: string): IncomingMessage {
  const req = new IncomingMessage(new Socket())
  req.method = 'GET'
  req.url = path
  req.headers = { host: 'qrtee.example', 'user-agent': agent, 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' }
  return req
}

/** Nanoseconds per counted scan (median of `rounds`), for `visitors` distinct phones scanning `profiles` profiles. */
export function countingNsPerScan({ scans = 1_000_000, rounds = 5, profiles = 100, visitors = 1_000 } = {}): number {
  // count() never touches the database (that is the flush's, every few seconds): no database is needed to time it.
  const counter = new ScanCounter({} as Database, { flushMs: 3_600_000, secret: 'bench-secret-bench-secret-bench-secret-42' })
  const requests = Array.from({ length: visitors }, (_, i) => phoneRequest(`/profile/p${i % profiles}`, `${PHONE_AGENT} #${i}`))
  const profileIds = Array.from({ length: profiles }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
  const results: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < scans; i++) {
      const req = requests[i % visitors] as IncomingMessage
      const profileId = profileIds[i % profiles] as string
      if (!counter.count(new NodeScanInput(req, profileId, 0), 'someone-else')) throw new Error('a phone scan was not counted')
    }
    results.push(Number(process.hrtime.bigint() - started) / scans)
  }
  // Not closed: closing flushes, and this counter has no database; its timer does not hold the process.
  results.sort((a, b) => a - b)
  return results[Math.floor(results.length / 2)] ?? 0
}
