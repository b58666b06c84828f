// A real HTTP shop on 127.0.0.1 for link-preview tests, e2e and the preview bench: product pages, images, and the
// hostile answers a preview must survive (huge, endless, bombs, redirects to private addresses). It records requests.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { SHOP_PAGES } from './shop-pages.ts'

export type ShopRequest = { path: string; headers: IncomingHttpHeaders }

export type FakeShop = {
  origin: string
  /** `127.0.0.1:port`, the LINK_PREVIEW_ALLOW_HOSTS entry that lets the server fetch this shop. */
  hostPort: string
  port: number
  requests: ShopRequest[]
  close: () => Promise<void>
}

/** A PNG whose header declares 30000 x 30000 pixels (900 MP) over a few bytes of data: a decompression bomb. */
function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.alloc(16)), chunk('IEND', Buffer.alloc(0))])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** Pages by path; `{origin}` in a page is replaced by the shop's own origin (absolute image addresses). */
export async function startFakeShop(): Promise<FakeShop> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'shop-secret-exif' } } })
    .jpeg()
    .toBuffer()
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer()
  const gzipBomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))
  const requests: ShopRequest[] = []
  const html = (res: ServerResponse, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers })
    res.end(body)
  }
  let origin = ''
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop.invalid')
    requests.push({ path: `${url.pathname}${url.search}`, headers: req.headers })
    const route = url.pathname
    const named = /^\/p\/([A-Za-z]+)$/.exec(route)?.[1]
    if (named && named in SHOP_PAGES) return html(res, SHOP_PAGES[named as keyof typeof SHOP_PAGES])
    switch (route) {
      case '/product': // JSON-LD product whose image lives on this shop (the e2e and bench page)
        return html(
          res,
          `<!doctype html><html><head><title>Shop</title><script type="application/ld+json">${JSON.stringify({
            '@type': 'Product',
            name: 'Enamel Camping Mug',
            brand: { '@type': 'Brand', name: 'Trail Co' },
            description: 'A sturdy enamel mug for coffee by the fire, 350 ml.',
            image: `${origin}/img/photo.jpg`,
            offers: { '@type': 'Offer', price: '24.90', priceCurrency: 'EUR' },
          })}</script></head><body></body></html>`,
        )
      case '/product-bomb-image':
        return html(res, `<meta property="og:title" content="Bomb picture"><meta property="og:image" content="${origin}/img/bomb.png">`)
      case '/product-fake-image':
        return html(res, `<meta property="og:title" content="Fake picture"><meta property="og:image" content="${origin}/img/fake.png">`)
      case '/img/photo.jpg':
        res.writeHead(200, { 'Content-Type': 'image/jpeg' })
        return res.end(photo)
      case '/img/photo.png':
        res.writeHead(200, { 'Content-Type': 'image/png' })
        return res.end(png)
      case '/img/bomb.png':
        res.writeHead(200, { 'Content-Type': 'image/png' })
        return res.end(pixelBombPng())
      case '/img/fake.png':
        res.writeHead(200, { 'Content-Type': 'image/png' })
        return res.end('<html><body>not a picture</body></html>')
      case '/huge': // 5 MB of HTML
        return html(res, `<html><head><title>Huge</title></head><body>${'<p>filler</p>'.repeat((5 * 1024 * 1024) / 13)}</body></html>`)
      case '/never': // headers, then a trickle that never ends
        res.writeHead(200, { 'Content-Type': 'text/html' })
        res.write('<html><head><title>Never')
        {
          const timer = setInterval(() => res.write(' '), 100)
          res.on('close', () => clearInterval(timer))
        }
        return
      case '/silent': // never even answers headers
        return
      case '/gzip-bomb': // 64 KB on the wire, 64 MB inflated
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
        return res.end(gzipBomb)
      case '/redirect': {
        // /redirect?to=X&hops=N: N redirects through this shop, then to X
        const hops = Number(url.searchParams.get('hops') ?? '0')
        const to = url.searchParams.get('to') ?? '/p/jsonLd'
        const next = hops > 0 ? `/redirect?hops=${hops - 1}&to=${encodeURIComponent(to)}` : to
        res.writeHead(302, { Location: next, 'Set-Cookie': 'session=shop-cookie; Path=/' })
        return res.end()
      }
      case '/secret':
        res.writeHead(200, { 'Content-Type': 'text/html' })
        return res.end('<title>internal secret</title>')
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' })
        return res.end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
