import { describe, expect, it, vi } from 'vitest'
import { apiPaths } from '../../contract/api-paths.ts'
import { MESSAGE_SEND_ERRORS, recordPurchase, sendPurchaseMessage } from './record-purchase.ts'

const ITEM = '3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01'
const RESULT = { purchaseId: '0b5c4c8e-4f0a-4a53-9a55-7f3f7d3f0c11', wishlistItemId: ITEM, purchasedPrice: 12.5, purchasedAt: '2025-01-15T09:30:00.000Z', contactInfo: '' }
const reply = (body: unknown, status: number): typeof fetch => async () => new Response(JSON.stringify(body), { status })

describe('recordPurchase', () => {
  const LIMIT = 'Too many purchases from this wishlist right now. Please try again in 10 minutes.'
  const online = () => true
  const CHANGED = "This gift changed while you were looking: it is now 'Blue mug' at €45.00. Nothing was bought; check it and purchase again."
  it.each<[string, typeof fetch, boolean | undefined, unknown]>([
    ['a 201 records the purchase', reply(RESULT, 201), true, { ok: true, result: RESULT }],
    ['a 409 says someone else bought it', reply({ message: 'This item has already been purchased.' }, 409), true, { ok: false, failure: 'taken' }],
    ['a 404 says the gift is gone', reply({ message: 'Not found' }, 404), true, { ok: false, failure: 'gone' }],
    ['a 500 is the server in trouble', reply({ message: 'boom' }, 500), true, { ok: false, failure: 'serverTrouble' }],
    ["a 429 says the server's words", reply({ message: LIMIT }, 429), true, { ok: false, failure: 'refused', message: LIMIT }],
    ['a 409 for a changed gift says what it is now', reply({ message: CHANGED, reason: 'itemChanged' }, 409), true, { ok: false, failure: 'changed', message: CHANGED }],
    ['a network error while online got no answer', async () => { throw new TypeError('Failed to fetch') }, true, { ok: false, failure: 'noAnswer' }],
    ['a known offline browser sends nothing', async () => { throw new Error('must not be called') }, false, { ok: false, failure: 'offline' }],
    ['a 201 whose body never came got no answer', async () => new Response('{"purchaseId":', { status: 201 }), true, { ok: false, failure: 'noAnswer' }],
    ['an unreadable answer is unknown', reply({ nope: true }, 201), undefined, { ok: false, failure: 'unknown' }],
  ])('%s', async (_, fetchImpl, online_, expected) => {
    expect(await recordPurchase('aB3dE5gH', ITEM, { fetchImpl, online: online_, onlineNow: online })).toMatchObject(expected as object)
  })

  it('works on a phone without AbortSignal.any (Safari before 17.4), and the page leaving still stops it', async () => {
    vi.stubGlobal('AbortSignal', Object.assign(function () {}, { timeout: AbortSignal.timeout }))
    try {
      expect(await recordPurchase('aB3dE5gH', ITEM, { fetchImpl: reply(RESULT, 201), signal: new AbortController().signal })).toMatchObject({ ok: true })
      const leaving = new AbortController()
      const held: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
      const outcome = recordPurchase('aB3dE5gH', ITEM, { fetchImpl: held, signal: leaving.signal, onlineNow: online })
      leaving.abort()
      expect(await outcome).toMatchObject({ ok: false, failure: 'noAnswer' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a network error while the browser says offline is worded as offline', async () => {
    const outcome = await recordPurchase('aB3dE5gH', ITEM, { fetchImpl: async () => { throw new TypeError('Failed to fetch') }, onlineNow: () => false })
    expect(outcome).toMatchObject({ ok: false, failure: 'offline' })
  })

  it('gives up after its deadline: a server that never answers is said as no answer', async () => {
    vi.useFakeTimers()
    try {
      const silent: typeof fetch = (_, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
      const pending = recordPurchase('aB3dE5gH', ITEM, { fetchImpl: silent, onlineNow: online })
      await vi.advanceTimersByTimeAsync(29_999)
      let settled = false
      void pending.then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await pending).toMatchObject({ ok: false, failure: 'noAnswer' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('posts the item id as JSON to the profile it belongs to, under the attempt\'s Idempotency-Key', async () => {
    let sent: [string, RequestInit | undefined] | undefined
    const spy: typeof fetch = async (input, init) => {
      sent = [String(input), init]
      return new Response(JSON.stringify(RESULT), { status: 201 })
    }
    await recordPurchase('aB3dE5gH', ITEM, { fetchImpl: spy, idempotencyKey: 'attempt-1' })
    expect(sent?.[0]).toBe(apiPaths.publicPurchases('aB3dE5gH'))
    expect(sent?.[0]).toBe('/api/public/profiles/aB3dE5gH/purchases')
    expect(sent?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ wishlistItemId: ITEM }), headers: expect.objectContaining({ 'Idempotency-Key': 'attempt-1' }) })
  })

  it('sends the name and price the visitor confirmed, in one order whatever order they came in (a replay must hash the same)', async () => {
    const bodies: unknown[] = []
    const spy: typeof fetch = async (_input, init) => {
      bodies.push(init?.body)
      return new Response(JSON.stringify(RESULT), { status: 201 })
    }
    await recordPurchase('aB3dE5gH', ITEM, { fetchImpl: spy, shown: { name: 'Blue mug', price: 12.5 } })
    await recordPurchase('aB3dE5gH', ITEM, { fetchImpl: spy, shown: { price: 12.5, name: 'Blue mug' } })
    expect(bodies).toEqual([JSON.stringify({ wishlistItemId: ITEM, shown: { name: 'Blue mug', price: 12.5 } }), JSON.stringify({ wishlistItemId: ITEM, shown: { name: 'Blue mug', price: 12.5 } })])
  })
})

describe('sendPurchaseMessage', () => {
  const fields = { email: 'ada@example.com', message: 'Happy birthday!' }
  it.each<[string, typeof fetch, boolean | undefined, unknown]>([
    ['a 204 is sent', async () => new Response(null, { status: 204 }), true, { ok: true }],
    ['a refusal says the server\'s words', reply({ message: 'A message was already sent with this purchase.' }, 409), true, { ok: false, error: 'A message was already sent with this purchase.' }],
    ['a 502 says the server did not answer, never the status', reply({ message: 'Bad gateway' }, 502), true, { ok: false, error: MESSAGE_SEND_ERRORS.noAnswer }],
    ['a network error is said in words, never "Failed to fetch"', async () => { throw new TypeError('Failed to fetch') }, true, { ok: false, error: MESSAGE_SEND_ERRORS.noAnswer }],
    ['a known offline browser sends nothing', async () => { throw new Error('must not be called') }, false, { ok: false, error: MESSAGE_SEND_ERRORS.offline }],
  ])('%s', async (_, fetchImpl, online, expected) => {
    expect(await sendPurchaseMessage('aB3dE5gH', RESULT.purchaseId, fields, { fetchImpl, online })).toEqual(expected)
  })

  it('posts both fields to the purchase, with one key per message', async () => {
    const sent: [string, RequestInit | undefined][] = []
    const spy: typeof fetch = async (input, init) => {
      sent.push([String(input), init])
      return new Response(null, { status: 204 })
    }
    await sendPurchaseMessage('aB3dE5gH', RESULT.purchaseId, fields, { fetchImpl: spy, idempotencyKey: 'k-1' })
    expect(sent[0]?.[0]).toBe(`/api/public/profiles/aB3dE5gH/purchases/${RESULT.purchaseId}/message`)
    expect(sent[0]?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify(fields), headers: expect.objectContaining({ 'Idempotency-Key': 'k-1' }) })
  })
})
