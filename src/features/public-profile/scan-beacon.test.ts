import { randomUUID } from 'node:crypto'
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
    const first = { id: 'aB3dE5gH', at: minutesAgo(30), key: randomUUID() }
    const second = { id: 'zZ9yY8xX', at: minutesAgo(10), key: randomUUID() }
    store([first, second])
    serverAnswers(204, 204)
    await sendQueuedScans()
    expect(posted).toEqual([
      { url: '/api/public/profiles/aB3dE5gH/scans', body: JSON.stringify({ at: first.at, key: first.key }), contentType: 'text/plain;charset=UTF-8' },
      { url: '/api/public/profiles/zZ9yY8xX/scans', body: JSON.stringify({ at: second.at, key: second.key }), contentType: 'text/plain;charset=UTF-8' },
    ])
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })

  it('keeps what the server could not take (503, 429) and drops what it refused for good (404: switched off)', async () => {
    const busy = { id: 'busy0001', at: minutesAgo(3), key: randomUUID() }
    const gone = { id: 'gone0001', at: minutesAgo(2), key: randomUUID() }
    const limited = { id: 'limit001', at: minutesAgo(1), key: randomUUID() }
    store([busy, gone, limited])
    serverAnswers(503, 404, 429)
    await sendQueuedScans()
    expect(posted).toHaveLength(3)
    expect(queued()).toEqual([busy, limited])
  })

  it('stops at the first network error and keeps that report and every one after it', async () => {
    const reports = [
      { id: 'sent0001', at: minutesAgo(3), key: randomUUID() },
      { id: 'lost0001', at: minutesAgo(2), key: randomUUID() },
      { id: 'wait0001', at: minutesAgo(1), key: randomUUID() },
    ]
    store(reports)
    serverAnswers(204, 'down')
    await sendQueuedScans()
    expect(posted.map((post) => post.url)).toEqual(['/api/public/profiles/sent0001/scans', '/api/public/profiles/lost0001/scans'])
    expect(queued()).toEqual(reports.slice(1))
  })

  it('sends nothing while the browser is offline, and keeps the queue', async () => {
    const report = { id: 'aB3dE5gH', at: minutesAgo(1), key: randomUUID() }
    store([report])
    vi.stubGlobal('navigator', { onLine: false })
    serverAnswers(204)
    await sendQueuedScans()
    expect(posted).toEqual([])
    expect(queued()).toEqual([report])
  })

  it("a second call while sending (the 'online' event during the load's send) sends nothing twice", async () => {
    store([{ id: 'aB3dE5gH', at: minutesAgo(1), key: randomUUID() }])
    serverAnswers(204)
    await Promise.all([sendQueuedScans(), sendQueuedScans()])
    expect(posted).toHaveLength(1)
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })

  it('a report queued while sending stays beside the ones that failed', async () => {
    const failing = { id: 'busy0001', at: minutesAgo(2), key: randomUUID() }
    const meanwhile = { id: 'new00001', at: minutesAgo(0), key: randomUUID() }
    store([failing])
    vi.stubGlobal('fetch', async () => {
      store([meanwhile])
      return new Response(null, { status: 503 })
    })
    await sendQueuedScans()
    expect(queued()).toEqual([failing, meanwhile])
  })

  it('sends a report whose answer was lost again with the key it was first sent with, one queued by an older page too', async () => {
    // Stored without a key, as a page before keys stored it: the first attempt gives it one, and keeps it.
    store([{ id: 'lost0001', at: minutesAgo(2) }])
    serverAnswers('down', 204)
    await sendQueuedScans()
    await sendQueuedScans()
    expect(posted).toHaveLength(2)
    const [first, again] = posted.map((post) => JSON.parse(post.body) as { at: string; key?: string })
    expect(first?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(again).toEqual(first)
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })

  it('drops queued reports older than the server still counts, without sending them', async () => {
    store([{ id: 'old00001', at: new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString(), key: randomUUID() }])
    serverAnswers(204)
    await sendQueuedScans()
    expect(posted).toEqual([])
    expect(storage.items.has(SCAN_QUEUE_KEY)).toBe(false)
  })
})
