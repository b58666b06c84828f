import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sendQueuedScans } from './scan-beacon.ts'
import { type QueuedScan, SCAN_QUEUE_KEY } from './scan-report.ts'

/** The page's localStorage, as a Map. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

let storage: ReturnType<typeof memoryStorage>
let posted: Array<{ url: string; body: string; contentType: string | null }>

/** The server's answers in order: a status, or 'down' for a network error. */
function serverAnswers(...answers: Array<number | 'down'>) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url, body: String(init.body), contentType: new Headers(init.headers).get('Content-Type') })
    const answer = answers.shift() ?? 204
    if (answer === 'down') throw new TypeError('Failed to fetch')
    return new Response(null, { status: answer })
  })
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const queued = (): QueuedScan[] => JSON.parse(storage.getItem(SCAN_QUEUE_KEY) ?? '[]') as QueuedScan[]
const store = (queue: QueuedScan[]) => storage.setItem(SCAN_QUEUE_KEY, JSON.stringify(queue))

beforeEach(() => {
  storage = memoryStorage()
  posted = []
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('navigator', { onLine: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendQueuedScans', () => {
  it('posts each queued report as text/plain JSON with its opening time, and empties the queue once answered', async () => {
    const first = { id: 'aB3dE5gH', at: minutesAgo(30) }
    const second = { id: 'zZ9yY8xX', at: minutesAgo(10) }
    store([first, second])
    serverAnswers(204, 204)
    await sendQueuedScans()
    expect(posted).toEqual([
      { url: '/api/public/profiles/aB3dE5gH/scans', body: JSON.stringify({ at: first.at }), contentType: 'text/plain;charset=UTF-8' },
      { url: '/api/public/profiles/zZ9yY8xX/scans', body: JSON.stringify({ at: second.at }), contentType: 'text/plain;charset=UTF-8' },
    ])
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })

  it('keeps what the server could not take (503, 429) and drops what it refused for good (404: switched off)', async () => {
    const busy = { id: 'busy0001', at: minutesAgo(3) }
    const gone = { id: 'gone0001', at: minutesAgo(2) }
    const limited = { id: 'limit001', at: minutesAgo(1) }
    store([busy, gone, limited])
    serverAnswers(503, 404, 429)
    await sendQueuedScans()
    expect(posted).toHaveLength(3)
    expect(queued()).toEqual([busy, limited])
  })

  it('stops at the first network error and keeps that report and every one after it', async () => {
    const reports = [
      { id: 'sent0001', at: minutesAgo(3) },
      { id: 'lost0001', at: minutesAgo(2) },
      { id: 'wait0001', at: minutesAgo(1) },
    ]
    store(reports)
    serverAnswers(204, 'down')
    await sendQueuedScans()
    expect(posted.map((post) => post.url)).toEqual(['/api/public/profiles/sent0001/scans', '/api/public/profiles/lost0001/scans'])
    expect(queued()).toEqual(reports.slice(1))
  })

  it('sends nothing while the browser is offline, and keeps the queue', async () => {
    const report = { id: 'aB3dE5gH', at: minutesAgo(1) }
    store([report])
    vi.stubGlobal('navigator', { onLine: false })
    serverAnswers(204)
    await sendQueuedScans()
    expect(posted).toEqual([])
    expect(queued()).toEqual([report])
  })

  it("a second call while sending (the 'online' event during the load's send) sends nothing twice", async () => {
    store([{ id: 'aB3dE5gH', at: minutesAgo(1) }])
    serverAnswers(204)
    await Promise.all([sendQueuedScans(), sendQueuedScans()])
    expect(posted).toHaveLength(1)
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })

  it('a report queued while sending stays beside the ones that failed', async () => {
    const failing = { id: 'busy0001', at: minutesAgo(2) }
    const meanwhile = { id: 'new00001', at: minutesAgo(0) }
    store([failing])
    vi.stubGlobal('fetch', async () => {
      store([meanwhile])
      return new Response(null, { status: 503 })
    })
    await sendQueuedScans()
    expect(queued()).toEqual([failing, meanwhile])
  })

  it('drops queued reports older than the server still counts, without sending them', async () => {
    store([{ id: 'old00001', at: new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString() }])
    serverAnswers(204)
    await sendQueuedScans()
    expect(posted).toEqual([])
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })
})
