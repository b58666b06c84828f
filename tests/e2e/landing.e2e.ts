// The landing page end to end: every section and text of the spec, the prerendered document (readable without script,
// no owner-app code), the header hiding and returning, the FAQ's one-open rule, the dev notice's session memory, the
// gradient's 'loaded' class, findability (meta, Open Graph, canonical, sitemap, robots) and axe.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshContextPerTest, newContext } from './browser.ts'
import { axeViolations } from './screen-checks.ts'

let page: Page
let fresh: Parameters<Parameters<typeof freshContextPerTest>[0]>[0]
freshContextPerTest(async (context) => {
  fresh = context
  page = await context.context.newPage()
})

const faqOpen = () => page.evaluate(() => Array.from(document.querySelectorAll('details[name="faq"]')).filter((d) => (d as HTMLDetailsElement).open).map((d) => d.getAttribute('data-faq-id')))
const hydrated = () => page.getByRole('radio', { name: 'Dark' }).isEnabled()

describe('landing page sections', () => {
  it('shows the header, hero, how it works, use cases, testimonials, call to action, privacy, promises, help and footer', async () => {
    await page.goto('/')
    const link = (name: string) => page.getByRole('link', { name, exact: true })
    expect(await link('Sign In').getAttribute('href')).toBe('/dashboard')
    expect(await link('Sign up').getAttribute('href')).toBe('/register')
    await page.getByRole('heading', { level: 1, name: 'Scan. Wear. Surprise.' }).waitFor()
    expect(await page.getByRole('link', { name: 'Create Free Profile' }).getAttribute('href')).toBe('/register')
    for (const benefit of ['Real Gifts, No Guessing', 'Fun & Connections', 'Change It Anytime']) await page.getByRole('heading', { name: benefit }).waitFor()

    await page.getByRole('heading', { name: 'How it works' }).waitFor()
    for (const step of ['Create your profile', 'Pick your tee', 'Get scanned']) await page.getByRole('heading', { name: step }).waitFor()
    await page.getByText('we print your unique QR code on it').waitFor()

    expect(await page.getByRole('link', { name: /Fund Your Wishlist/ }).getAttribute('href')).toBe('/demo/wishlist')
    for (const title of ['Share Your Socials', 'Custom Content', 'Real Chats']) {
      await page.getByRole('heading', { name: title }).waitFor()
      expect(await page.getByRole('link', { name: new RegExp(title) }).count()).toBe(0)
    }
    // Visitors buy whole gifts: no '% funded', no progress bars, no chipping in (decision 149).
    expect(await page.getByText(/funded|chip in/i).count()).toBe(0)
    expect(await page.getByRole('progressbar').count()).toBe(0)
    await page.getByText('mark the one they give as bought', { exact: false }).waitFor()

    expect(await page.locator('figure blockquote').count()).toBe(2)
    expect(await page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/register')

    await page.getByRole('heading', { name: 'Privacy & Security' }).waitFor()
    for (const point of ['No public location data', 'You control what is visible', '1-click off-switch', 'Payments processed by the card provider over SSL', 'Change QR destination anytime']) {
      await page.getByRole('listitem').filter({ hasText: point }).first().waitFor()
    }
    const learnMore = page.getByRole('link', { name: 'Learn more about privacy and security' })
    expect(await learnMore.getAttribute('href')).toBe('/help-center#privacy')
    expect(await learnMore.innerText()).toMatch(/^Learn more/)

    const text = await page.locator('main').innerText()
    for (const promise of ['Apple Pay', 'Google Pay', '3-D Secure', '1 to 3 percent', 'no hidden fees', 'within 24 hours']) expect(text).toContain(promise)

    expect(await page.locator('details[name="faq"]').evaluateAll((items) => items.map((d) => d.getAttribute('data-faq-id')))).toEqual(['fees', 'returns', 'privacy', 'scan', 'change', 'secure'])
    expect(await page.getByRole('link', { name: 'Email support' }).getAttribute('href')).toMatch(/^mailto:.+@.+/)
    expect(await page.getByRole('link', { name: 'Help Center', exact: true }).first().getAttribute('href')).toBe('/help-center')
    for (const field of ['Name', 'Email', 'Message']) await page.getByLabel(field, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Send Message' }).waitFor()

    const footer = await page.locator('footer').innerText()
    expect(footer).toContain(`© ${new Date().getFullYear()} QR Tee`)
    expect(footer).toContain('All rights reserved.')
  })

  it("shows the desktop-only 'Try me: scan live demo' card with a QR code of /profile/{demo username}", async () => {
    await page.goto('/')
    await page.getByText('Try me: scan live demo').waitFor()
    const qr = page.getByRole('img', { name: /QR code for the live demo profile/ })
    expect(await qr.getAttribute('alt')).toContain(`${baseUrl()}/profile/demo`)

    const phone = await fresh.browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } })
    const phonePage = await phone.newPage()
    await phonePage.goto('/')
    await phonePage.getByRole('heading', { name: 'Scan. Wear. Surprise.' }).waitFor()
    expect(await phonePage.getByText('Try me: scan live demo').isVisible()).toBe(false)
    await phone.close()
  })
})

describe('the prerendered document', () => {
  it('is the whole page in the first response, its CSS inlined, with no render-blocking request', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text()
    expect(html).toContain('Scan. Wear. Surprise.</h1>')
    expect(html).toContain('Fund Your Wishlist')
    expect(html).toMatch(/<style>[^<]*\.ps-header/)
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    expect(html).not.toMatch(/<script(?![^>]*type="module")[^>]*src=/)
  })

  it('reads without JavaScript', async () => {
    const noScript = await fresh.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto('/help-center')
    await plain.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor()
    await plain.getByRole('heading', { name: 'Privacy' }).waitFor()
    await noScript.close()
  })

  it("hydrates after load without loading the owner app's code (router, Mantine, Dexie, sync)", async () => {
    const appEntry = /src="(\/assets\/app-[^"]+\.js)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1]
    expect(appEntry).toBeTruthy()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await expect.poll(hydrated).toBe(true)
    expect(scripts).not.toContain(appEntry)
    expect(scripts.some((path) => /\/(app|db|dashboard|owner-sync|engine|worker)-/.test(path))).toBe(false)
    const text = await Promise.all(scripts.map((path) => fetch(`${baseUrl()}${path}`).then((r) => r.text())))
    // Markers that survive minification: the router's own names, Dexie's, Mantine's class prefix (the colour-scheme
    // attribute is shared on purpose, decision 062).
    expect(text.join('\n')).not.toMatch(/__TSR|Dexie|mantine-(?!color-scheme)/)
  })

  it('says what it is to search engines: title, meta description, Open Graph and the canonical address', async () => {
    for (const path of ['/', '/help-center', '/demo/wishlist']) {
      await page.goto(path)
      const meta = await page.evaluate(() => ({
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
        ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content') ?? '',
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      }))
      const expected = path === '/' ? baseUrl() : `${baseUrl()}${path}`
      expect(meta).toMatchObject({ canonical: expected, ogUrl: expected, robots: null })
      expect(meta.description.length).toBeGreaterThan(50)
      expect(meta.ogTitle).toContain('QR Tee')
      expect(meta.ogDescription).toBe(meta.description)
    }
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
    for (const path of ['', '/help-center', '/demo/wishlist']) expect(sitemap).toContain(`<loc>${baseUrl()}${path}</loc>`)
    expect(await (await fetch(`${baseUrl()}/robots.txt`)).text()).toContain('Disallow: /profile/')
  })
})

describe('behaviour', () => {
  it('hides the fixed header past about 100 px of scroll and shows it again near the top', async () => {
    await page.goto('/')
    await expect.poll(hydrated).toBe(true)
    const header = page.locator('header.ps-header')
    expect(await header.getAttribute('data-hidden')).toBe('false')
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => header.getAttribute('data-hidden')).toBe('true')
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0)
    await page.evaluate(() => window.scrollTo(0, 40))
    await expect.poll(() => header.getAttribute('data-hidden')).toBe('false')
  })

  it('keeps one FAQ item open at a time; clicking the open one closes it', async () => {
    await page.goto('/')
    expect(await faqOpen()).toEqual([])
    await page.getByText('Are there any fees?').click()
    await expect.poll(faqOpen).toEqual(['fees'])
    await page.getByText('Can I return my shirt?').click()
    await expect.poll(faqOpen).toEqual(['returns'])
    await page.getByText('Can I return my shirt?').click()
    await expect.poll(faqOpen).toEqual([])
  })

  it("has the 'This site is under development' dialog, closed at first; OK is remembered for the browser session", async () => {
    const dialog = page.locator('dialog[aria-labelledby="dev-notice-title"]')
    await page.goto('/')
    await expect.poll(hydrated).toBe(true)
    expect(await dialog.count()).toBe(1)
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false)

    await page.goto('/?notice=dev')
    await page.getByRole('dialog', { name: 'This site is under development' }).waitFor()
    await page.getByRole('button', { name: 'OK' }).click()
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false)
    expect(await page.evaluate(() => sessionStorage.getItem('dev-notice-dismissed'))).toBe('true')
    await page.reload()
    await expect.poll(hydrated).toBe(true)
    await page.waitForTimeout(300)
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false)

    // A new browser session asks again.
    const other = await newContext(fresh.browser, fresh.serviceWorkers)
    const otherPage = await other.newPage()
    await otherPage.goto('/?notice=dev')
    await otherPage.getByRole('dialog', { name: 'This site is under development' }).waitFor()
    await other.close()
  })

  it("gives the animated gradient its 'loaded' class after 3 s, and keeps it still under reduced motion", async () => {
    await page.goto('/')
    const gradient = page.getByTestId('hero-gradient')
    expect(await gradient.getAttribute('class')).not.toContain('loaded')
    await expect.poll(() => gradient.getAttribute('class'), { timeout: 8000 }).toContain('loaded')
    expect(await gradient.evaluate((el) => getComputedStyle(el).animationName)).toBe('ps-gradient')

    const calm = await fresh.browser.newContext({ baseURL: baseUrl(), reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } })
    const calmPage = await calm.newPage()
    await calmPage.goto('/')
    const calmGradient = calmPage.getByTestId('hero-gradient')
    await expect.poll(() => calmGradient.getAttribute('class'), { timeout: 8000 }).toContain('loaded')
    expect(await calmGradient.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    await calm.close()
  })

  it("leads to the owner's app: 'Sign up' opens /register", async () => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Sign up', exact: true }).click()
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
  })

  it('has no axe violations, in the light and the dark scheme', async () => {
    await page.goto('/')
    await expect.poll(hydrated).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.getByTitle('Dark').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')
    expect(await axeViolations(page)).toEqual([])
  })
})
