// The contact form's failure words: the server's message, else words for no answer or a proxy's "later", never raw.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendFailureText, sendSupportMessage } from './send-support-message.ts'

const INPUT = { name: 'Ann', email: 'ann@example.com', subject: 'Shirt', message: 'My shirt has not arrived.' }

type Reply = { throws: true; online: boolean } | { status: number; body?: string; type?: string }

afterEach(() => vi.unstubAllGlobals())

describe('sendSupportMessage', () => {
  it.each<[string, Reply, string | null]>([
    ['sent', { status: 201, body: '{"ok":true}', type: 'application/json' }, null],
    ["the server's own message", { status: 400, body: '{"message":"Please enter a valid email"}', type: 'application/json' }, 'Please enter a valid email'],
    ["a proxy's HTML 502", { status: 502, body: '<html>Bad Gateway</html>', type: 'text/html' }, 'The server is having trouble right now'],
    ["a proxy's 429 without a message", { status: 429 }, 'The server is busy right now'],
    ['a 404 without a message: the spec’s generic words', { status: 404, body: 'nope', type: 'text/plain' }, 'Request failed with status 404'],
    ['offline: the fetch throws', { throws: true, online: false }, 'No connection'],
    ["online, the fetch throws ('Failed to fetch')", { throws: true, online: true }, 'The server did not answer'],
  ])('%s', async (_name, reply, words) => {
    vi.stubGlobal('fetch', async () => {
      if ('throws' in reply) throw new TypeError('Failed to fetch')
      return new Response(reply.body ?? null, { status: reply.status, headers: reply.type ? { 'Content-Type': reply.type } : {} })
    })
    if ('throws' in reply) vi.stubGlobal('navigator', { onLine: reply.online })
    const outcome = await sendSupportMessage(INPUT).then(
      () => null,
      (failure: unknown) => sendFailureText(failure),
    )
    expect(outcome).toBe(words)
  })

  it('on a plain-http page (no crypto.randomUUID) the message still goes, with a key of 128 random bits', async () => {
    const sent: string[] = []
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(7) })
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('Idempotency-Key') ?? '')
      return new Response('{"ok":true}', { status: 201, headers: { 'Content-Type': 'application/json' } })
    })
    await expect(sendSupportMessage(INPUT)).resolves.toBeUndefined()
    expect(sent).toEqual(['07'.repeat(16)])
  })
})
