// The safe fetcher against a real local shop: each hostile answer of issue 28 and each SSRF route, with the guard on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeShop, startFakeShop } from '../../tests/fake-shop.ts'
import { OUTBOUND_LIMITS, OutboundError, type OutboundOptions, safeFetch } from './safe-fetch.ts'

let shop: FakeShop
beforeAll(async () => {
  shop = await startFakeShop()
})
afterAll(() => shop.close())

const allowShop = (extra: Partial<OutboundOptions> = {}): OutboundOptions => ({ allowHosts: [shop.hostPort], ...extra })

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`)
  return error
}

describe('safeFetch', () => {
  it('fetches an allowed shop page, sending no cookie or credentials even after a redirect that set one', async () => {
    const fetched = await safeFetch(`${shop.origin}/redirect?hops=1&to=/p/jsonLd`, 'html', allowShop())
    expect(fetched.body.toString()).toContain('Enamel Camping Mug')
    expect(fetched.url).toBe(`${shop.origin}/p/jsonLd`)
    const seen = shop.requests.filter((r) => r.path.startsWith('/redirect') || r.path === '/p/jsonLd').slice(-3)
    expect(seen).toHaveLength(3)
    for (const request of seen) {
      expect(request.headers.cookie).toBeUndefined()
      expect(request.headers.authorization).toBeUndefined()
    }
  })

  it('refuses the same shop without LINK_PREVIEW_ALLOW_HOSTS, before connecting', async () => {
    const before = shop.requests.length
    expect((await failure(safeFetch(`${shop.origin}/p/jsonLd`, 'html', { allowHosts: [] }))).reason).toBe('port')
    expect((await failure(safeFetch(`http://127.0.0.1/p/jsonLd`, 'html', { allowHosts: [] }))).reason).toBe('address')
    expect(shop.requests.length).toBe(before)
  })

  it.each([
    ['127.0.0.1', 'http://127.0.0.1/secret'],
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['[::1]', 'http://[::1]/secret'],
    ['10.0.0.1', 'http://10.0.0.1/admin'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/secret'],
  ])('refuses a redirect chain ending at %s', async (_, target) => {
    const error = await failure(safeFetch(`${shop.origin}/redirect?hops=2&to=${encodeURIComponent(target)}`, 'html', allowShop()))
    expect(error.reason).toBe('address')
  })

  it('refuses a host name that resolves to a private address, and checks every address', async () => {
    const asked: string[] = []
    const resolve = async (host: string) => {
      asked.push(host)
      return host === 'mixed.test' ? ['93.184.216.34', '10.0.0.1'] : ['192.168.1.20']
    }
    expect((await failure(safeFetch('http://intranet.test/', 'html', { allowHosts: [], resolve }))).reason).toBe('address')
    expect((await failure(safeFetch('https://mixed.test/', 'html', { allowHosts: [], resolve }))).reason).toBe('address')
    expect(asked).toEqual(['intranet.test', 'mixed.test'])
  })

  it('connects to the address it checked (the resolver is asked once; no second lookup)', async () => {
    let lookups = 0
    const resolve = async () => {
      lookups++
      return ['127.0.0.1']
    }
    const fetched = await safeFetch(`http://shop.test:${shop.port}/p/graph`, 'html', { allowHosts: [`shop.test:${shop.port}`], resolve })
    expect(fetched.body.toString()).toContain('Wool Hiking Socks')
    expect(lookups).toBe(1)
    expect(shop.requests.at(-1)?.headers.host).toBe(`shop.test:${shop.port}`)
  })

  it('follows at most 3 redirects', async () => {
    await expect(safeFetch(`${shop.origin}/redirect?hops=2&to=/p/usd`, 'html', allowShop())).resolves.toBeTruthy()
    expect((await failure(safeFetch(`${shop.origin}/redirect?hops=3&to=/p/usd`, 'html', allowShop()))).reason).toBe('redirects')
  })

  it('refuses other schemes, ports and embedded credentials', async () => {
    expect((await failure(safeFetch('file:///etc/passwd', 'html', allowShop()))).reason).toBe('scheme')
    expect((await failure(safeFetch('https://user:pw@shop.example/', 'html', allowShop()))).reason).toBe('credentials')
    expect((await failure(safeFetch('https://shop.example:8443/', 'html', allowShop()))).reason).toBe('port')
    expect((await failure(safeFetch(`${shop.origin}/redirect?to=${encodeURIComponent('ftp://shop.example/x')}`, 'html', allowShop()))).reason).toBe('scheme')
  })

  it('stops a 5 MB page at 2 MB', async () => {
    expect(OUTBOUND_LIMITS.maxBytes.html).toBe(2 * 1024 * 1024)
    expect((await failure(safeFetch(`${shop.origin}/huge`, 'html', allowShop()))).reason).toBe('too-large')
  })

  it('stops a gzip bomb once it has inflated past the bound', async () => {
    expect((await failure(safeFetch(`${shop.origin}/gzip-bomb`, 'html', allowShop()))).reason).toBe('too-large')
  })

  it('gives up on a page that never finishes (total time) and one that never answers (connect and headers)', async () => {
    expect(OUTBOUND_LIMITS.connectTimeoutMs).toBe(5_000)
    expect(OUTBOUND_LIMITS.totalTimeoutMs).toBe(10_000)
    const quick = allowShop({ connectTimeoutMs: 300, totalTimeoutMs: 800 })
    expect((await failure(safeFetch(`${shop.origin}/never`, 'html', quick))).reason).toBe('timeout')
    expect((await failure(safeFetch(`${shop.origin}/silent`, 'html', quick))).reason).toBe('timeout')
  })

  it('checks the content type', async () => {
    expect((await failure(safeFetch(`${shop.origin}/img/photo.png`, 'html', allowShop()))).reason).toBe('type')
    expect((await failure(safeFetch(`${shop.origin}/p/jsonLd`, 'image', allowShop()))).reason).toBe('type')
    expect((await safeFetch(`${shop.origin}/img/photo.png`, 'image', allowShop())).contentType).toBe('image/png')
  })

  it('reports a refusal by the shop with its status', async () => {
    const error = await failure(safeFetch(`${shop.origin}/missing`, 'html', allowShop()))
    expect([error.reason, error.status]).toEqual(['status', 404])
  })
})
