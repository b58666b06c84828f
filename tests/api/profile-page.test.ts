import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { loadStaticSite } from '../../server/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const SHELL =
  '<!doctype html><html><head><title>QR Tee</title><link rel="canonical" href="/"><meta property="og:url" content="/"></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>'

function siteWithShell() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-page-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), SHELL)
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

  it('sends the plain shell for a missing or switched-off profile, and for the owner paths', async () => {
    const hidden = await ownerWith({ isPublic: false })
    for (const address of ['nobody-here-42', hidden.shareableId, 'qr', 'edit']) {
      const html = await (await page.request(`/profile/${address}`)).text()
      expect(html).toBe(SHELL)
    }
  })

  it('compresses the page and answers 304 to a matching ETag', async () => {
    const owner = await ownerWith({ description: 'A friendly profile' })
    const first = await page.request(`/profile/${owner.shareableId}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(first.headers.get('content-encoding')).toBe('br')
    const etag = first.headers.get('etag') ?? ''
    const again = await page.request(`/profile/${owner.shareableId}`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })
})
