// Public addresses no profile can have (a NUL byte, a stray '%'): answered as any unknown profile is, never a 500, and
// a person's browser gets the visitor's not-found page rather than the API's JSON.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { MALFORMED_PATH_MESSAGE } from '../../server/http/http.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { couldBePublicAddress, SHAREABLE_ID_ALPHABET, SHAREABLE_ID_LENGTH } from '../../src/contract/profile.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const VISITOR_DOCUMENT = '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>'
const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

function siteWithVisitorDocument() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-address-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), VISITOR_DOCUMENT)
  return loadStaticSite(dist)
}

describe('couldBePublicAddress', () => {
  it('accepts every shareableId and username shape, and nothing with other characters', () => {
    expect(couldBePublicAddress(SHAREABLE_ID_ALPHABET.slice(0, SHAREABLE_ID_LENGTH))).toBe(true)
    for (const username of ['bob', 'Amelia.Rose_Hawthorne-gifts', 'a'.repeat(40)]) expect(couldBePublicAddress(username)).toBe(true)
    for (const address of ['\0', 'ab\0cd', '%', 'ab', 'a'.repeat(41), 'a b', 'é-name', 'a/b']) expect(couldBePublicAddress(address)).toBe(false)
  })
})

describeEachDatabase('an address no profile can have', (getDatabase) => {
  let t: TestApp
  let site: ReturnType<typeof createApp>
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    site = createApp(t.deps, siteWithVisitorDocument())
  })

  it.each(['%00', 'ab%00cd'])("GET /api/profiles/%s answers 404 'Profile not found'", async (address) => {
    const res = await t.request('GET', `/api/profiles/${address}`)
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'Profile not found' })
  })

  it("a purchase or a scan report for /%00 answers 404 'Profile not found'", async () => {
    const purchase = await t.request('POST', '/api/public/profiles/%00/purchases', { body: { wishlistItemId: randomUUID() } })
    expect(purchase.status).toBe(404)
    expect(purchase.json).toEqual({ message: 'Profile not found' })
    const message = await t.request('POST', `/api/public/profiles/%00/purchases/${randomUUID()}/message`, { body: { email: 'a@example.com', message: 'Hi' } })
    expect(message.status).toBe(404)
    const scan = await t.request('POST', '/api/public/profiles/%00/scans', { body: {} })
    expect(scan.status).toBe(404)
    expect(scan.json).toEqual({ message: 'Profile not found' })
  })

  it('GET /profile/%00 answers the empty visitor document with 404, as an unknown profile does', async () => {
    const res = await site.request('/profile/%00', { headers: HTML })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe(VISITOR_DOCUMENT)
  })

  it("a browser's navigation to /profile/% gets the visitor's not-found page; the API and other clients keep the JSON 400", async () => {
    const page = await site.request('/profile/%', { headers: HTML })
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toBe(VISITOR_DOCUMENT)
    for (const [url, headers] of [
      ['/profile/%', { Accept: 'application/json' }],
      ['/api/profiles/%', HTML],
    ] as const) {
      const res = await site.request(url, { headers })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: MALFORMED_PATH_MESSAGE })
    }
  })
})
