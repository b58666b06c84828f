import { describe, expect, it } from 'vitest'
import { type ReportQueue, replayScanReports } from './scan-report-replay.ts'
import { offlineScanReport } from './worker-scan-report.ts'

type Entry = { request: Request; timestamp?: number }

/** Workbox's queue as the replay sees it: entries shifted from the head, put back at the head. */
function queueOf(ids: string[]): ReportQueue & { ids: () => string[] } {
  const entries: Entry[] = ids.map((id) => ({ request: new Request(`https://qrtee.example/api/public/profiles/${id}/scans`, { method: 'POST', body: '{}' }), timestamp: 1 }))
  return {
    shiftRequest: async () => entries.shift(),
    unshiftRequest: async (entry) => void entries.unshift(entry as Entry),
    ids: () => entries.map((entry) => entry.request.url.split('/').at(-2) ?? ''),
  }
}

/** The server's answers in order; null: the network failed. */
function server(answers: (number | null)[]) {
  const sent: string[] = []
  const send = async (request: Request) => {
    sent.push(request.url.split('/').at(-2) ?? '')
    const status = answers.shift()
    if (status === undefined || status === null) throw new TypeError('Failed to fetch')
    return new Response(null, { status })
  }
  return { send, sent }
}

describe('replayScanReports: the worker sends its queued scan reports when the browser fires sync', () => {
  const cases: { name: string; answers: (number | null)[]; sent: string[]; left: string[]; retry: boolean }[] = [
    { name: 'all taken', answers: [204, 204, 204], sent: ['a', 'b', 'c'], left: [], retry: false },
    { name: 'refused for good (too old, switched off) is done, the rest go on', answers: [400, 404, 204], sent: ['a', 'b', 'c'], left: [], retry: false },
    { name: 'a 503 while the server deploys keeps it and what follows', answers: [204, 503], sent: ['a', 'b'], left: ['b', 'c'], retry: true },
    { name: 'a 500 of a database that is away keeps it', answers: [500], sent: ['a'], left: ['a', 'b', 'c'], retry: true },
    { name: 'too many requests (429) keeps it', answers: [429], sent: ['a'], left: ['a', 'b', 'c'], retry: true },
    { name: 'a request timeout (408) keeps it', answers: [204, 204, 408], sent: ['a', 'b', 'c'], left: ['c'], retry: true },
    { name: 'no network keeps it', answers: [null], sent: ['a'], left: ['a', 'b', 'c'], retry: true },
  ]
  for (const { name, answers, sent, left, retry } of cases) {
    it(name, async () => {
      const queue = queueOf(['a', 'b', 'c'])
      const peer = server(answers)
      const replay = replayScanReports(queue, peer.send)
      // A failed replay rejects, which is how the browser learns to fire sync again later.
      if (retry) await expect(replay).rejects.toThrow(/waits for the next sync/)
      else await expect(replay).resolves.toBeUndefined()
      expect(peer.sent).toEqual(sent)
      expect(queue.ids()).toEqual(left)
    })
  }

  it('sends a report whose answer was lost again with the key it was first sent with, so the server counts it once', async () => {
    const report = offlineScanReport(new Request('https://qrtee.example/profile/k3m9x2pq7z'), 'k3m9x2pq7z', new Date())
    if (!report) throw new Error('no report')
    const entries: Entry[] = [{ request: report, timestamp: 1 }]
    const queue: ReportQueue = { shiftRequest: async () => entries.shift(), unshiftRequest: async (entry) => void entries.unshift(entry as Entry) }
    const bodies: unknown[] = []
    let lose = true
    const send = async (request: Request) => {
      bodies.push(JSON.parse(await request.text()))
      // The server took it, but the answer never came back.
      if (lose) throw new TypeError('Failed to fetch')
      return new Response(null, { status: 204 })
    }
    await expect(replayScanReports(queue, send)).rejects.toThrow(/waits for the next sync/)
    lose = false
    await replayScanReports(queue, send)
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toEqual(bodies[0])
    expect(bodies[0]).toMatchObject({ key: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  it('puts a report back as it was, with its time, so its age still counts from the scan', async () => {
    const queue = queueOf(['a'])
    let putBack: unknown
    const watched: ReportQueue = { shiftRequest: queue.shiftRequest, unshiftRequest: async (entry) => void (putBack = entry) }
    await expect(replayScanReports(watched, server([503]).send)).rejects.toThrow()
    expect(putBack).toMatchObject({ timestamp: 1 })
  })
})
