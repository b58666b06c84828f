import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { eq } from 'drizzle-orm'
import { profiles } from '../../server/db/schema.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'

const SHELL = '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>'
const VISITOR_CSS = '.qv-card{border:1px solid}'
const VISITOR_DOCUMENT =
  '<!doctype html><html><head><title>QR Tee</title><meta name="description" content="default">' +
  '<link rel="canonical" href="/"><meta property="og:url" content="/"><meta property="og:title" content="QR Tee">' +
  '<script type="module" crossorigin src="/assets/profile.js"></script><link rel="stylesheet" crossorigin href="/assets/profile.css">' +
  '</head><body><div id="root"></div></body></html>'

function siteWithShell() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-page-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), SHELL)
  writeFileSync(path.join(dist, 'profile.html'), VISITOR_DOCUMENT)
  writeFileSync(path.join(dist, 'assets', 'profile.css'), VISITOR_CSS)
  return loadStaticSite(dist)
}

describeEachDatabase('the first scan of /profile/{id}', (getDatabase) => {
  let t: TestApp
  let page: ReturnType<typeof createApp>
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    page = createApp(t.deps, siteWithShell())
  })

  async function ownerWith(settings: Record<string, unknown>) {
    const owner = await t.signUp('scan')
    const res = await t.request('PUT', '/api/profiles', { token: owner.token, body: settings })
    expect(res.status).toBe(200)
    return { ...owner, shareableId: res.json.shareableId as string }
  }

  it('answers a redirect profile with a 302 to its destination, never stored, and no app shell', async () => {
    const owner = await ownerWith({ profileType: 'REDIRECT', redirectUrl: 'https://example.org/landing' })
    const res = await page.request(`/profile/${owner.shareableId}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://example.org/landing')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe('')
    // No opener policy on a redirect: it protects no document, and Chromium would start a new renderer process for
    // the destination because of it. The other security headers stay.
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('never hops onto another redirect of this site: A to B to A shows each page without its hop (decision 207)', async () => {
    const at = (owner: { shareableId: string }) => `${t.deps.config.publicUrl}/profile/${owner.shareableId}`
    const a = await ownerWith({ description: 'A' })
    const b = await ownerWith({ profileType: 'REDIRECT', redirectUrl: at(a) })
    expect((await t.request('PUT', '/api/profiles', { token: a.token, body: { profileType: 'REDIRECT', redirectUrl: `${at(b)}/?via=a` } })).status).toBe(200)
    for (const owner of [a, b]) {
      const res = await page.request(`/profile/${owner.shareableId}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('No redirect URL is configured for this profile.')
      // The embedded copy says the same, so the page's script takes no hop either.
      expect(html).toContain(`"redirectUrl":""`)
    }
    // B becomes a wishlist: A's hop to it is taken again at once, though A itself did not change.
    expect((await t.request('PUT', '/api/profiles', { token: b.token, body: { profileType: 'WISHLIST' } })).status).toBe(200)
    const hop = await page.request(`/profile/${a.shareableId}`)
    expect(hop.status).toBe(302)
    expect(hop.headers.get('location')).toBe(`${at(b)}/?via=a`)
  })

  it('a row that redirects to itself (saved before the check) shows its page instead of looping', async () => {
    const owner = await ownerWith({ description: 'Loop' })
    await t.db.update(profiles).set({ profileType: 'REDIRECT', redirectUrl: `${t.deps.config.publicUrl}/profile/${owner.username}` }).where(eq(profiles.shareableId, owner.shareableId))
    const res = await page.request(`/profile/${owner.shareableId}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('No redirect URL is configured for this profile.')
  })

  it('embeds the public profile JSON in the shell for the other types, with the canonical address', async () => {
    const owner = await ownerWith({ profileType: 'CUSTOM_TEXT', customText: 'Hello </script><script>alert(1)</script>' })
    const res = await page.request(`/profile/${owner.username}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const match = /<script type="application\/json" id="profile-data">(.*?)<\/script>/.exec(html)
    expect(match).not.toBeNull()
    const embedded = JSON.parse(match?.[1] ?? '{}')
    expect(embedded).toMatchObject({ shareableId: owner.shareableId, customText: 'Hello </script><script>alert(1)</script>' })
    expect(embedded).not.toHaveProperty('contactInfo')
    // The text cannot break out of its script element.
    expect(html).not.toContain('</script><script>alert(1)')
    expect(html).toContain(`<link rel="canonical" href="${t.deps.config.publicUrl}/profile/${owner.shareableId}">`)
    expect(html).toContain(`<title>${owner.username} · QR Tee</title>`)
  })

  it('answers a missing or switched-off profile with the empty visitor document and 404; the owner paths get the app', async () => {
    const hidden = await ownerWith({ isPublic: false })
    for (const address of ['nobody-here-42', hidden.shareableId]) {
      const res = await page.request(`/profile/${address}`)
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('profile-data')
    }
    for (const address of ['qr', 'edit']) expect(await (await page.request(`/profile/${address}`)).text()).toBe(SHELL)
  })

  it('renders a wishlist into the page: the items, their euro prices and Purchase buttons, with the stylesheet inlined', async () => {
    const owner = await signUpOwner(t, 'scan')
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType: 'WISHLIST', description: 'Coffee & climbing' } })).status).toBe(200)
    await createItem(t, owner, { name: 'Espresso <cups>', price: 12.5, productUrl: 'https://shop.example/cups' })
    const html = await (await page.request(`/profile/${owner.shareableId}`)).text()
    // A long name may break only at its separators (<wbr/>), and its heading gets a smaller size class.
    expect(html.replaceAll('<wbr/>', '')).toMatch(new RegExp(`<h1( class="[^"]*")?>${owner.username}</h1>`))
    expect(html).toContain('<h2>Espresso &lt;cups&gt;</h2>')
    expect(html).toContain('€12.50')
    expect(html).toContain('href="https://shop.example/cups"')
    // Server-rendered Purchase buttons stay disabled until the page's script has taken over.
    // The button names its gift for the page's plain code, which replays the first tap into React (decision 176).
    expect(html).toMatch(/<button type="button" class="qv-btn" data-purchase-item="[0-9a-f-]{36}" disabled="">Purchase<\/button>/)
    expect(html).toContain(`<style>${VISITOR_CSS}</style>`)
    expect(html).not.toContain('/assets/profile.css')
    expect(html).toContain('<meta name="description" content="Coffee &#38; climbing">')
  })

  it('compresses the page and answers 304 to a matching ETag', async () => {
    const owner = await ownerWith({ description: 'A friendly profile' })
    const first = await page.request(`/profile/${owner.shareableId}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(first.headers.get('content-encoding')).toBe('br')
    const etag = first.headers.get('etag') ?? ''
    const again = await page.request(`/profile/${owner.shareableId}`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it.each([
    { form: 'the weak form of its ETag', header: (etag: string) => `W/${etag}`, status: 304 },
    { form: '*', header: () => '*', status: 304 },
    { form: 'a list naming its ETag', header: (etag: string) => `"x", ${etag}`, status: 304 },
    { form: 'a list naming its weak ETag', header: (etag: string) => `"x",W/${etag}`, status: 304 },
    { form: 'another ETag', header: () => '"x"', status: 200 },
    { form: 'its ETag without quotes', header: (etag: string) => etag.slice(1, -1), status: 200 },
  ])('answers If-None-Match with $form by the weak comparison, as the JSON profile does: $status', async ({ header, status }) => {
    const owner = await ownerWith({ description: 'A profile revalidated' })
    const first = await page.request(`/profile/${owner.shareableId}`)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await page.request(`/profile/${owner.shareableId}`, { headers: { 'If-None-Match': header(etag) } })
    expect(again.status).toBe(status)
  })
})
