// The visitor page's edges on a phone (360x740, touch): each error state has its h1 and passes axe in light and dark,
// a profile the service worker opens from its empty document gets its own head, the 'Payment successful!' toast wraps
// a long name without covering the thank-you, and the message dialog marks the field a problem is about.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { confirmPurchase, fieldError, giftCard, waitForServiceWorker } from './helpers.ts'
import { ownerWith } from './pwa-helpers.ts'
import { axeViolations, settled } from './screen-checks.ts'

const PHONE = { width: 360, height: 740 }
const THEMES = ['light', 'dark'] as const
const LONG_WORD = 'Espressomachinewithdoubleboilerandrotarypumpandsteamwand'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function phonePage(theme: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })
  await context.addInitScript((choice) => localStorage.setItem('vite-ui-theme', choice), theme)
  return context.newPage()
}

/** The page's one h1 names the state, and axe finds nothing (page-has-heading-one among the rest). */
async function expectTitledState(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
  expect(await axeViolations(page)).toEqual([])
}

/** A gift with a long one-word name bought on the phone; answers the thank-you dialog. */
async function boughtOnPhone(page: Page) {
  const owner = await ownerWith({}, [LONG_WORD])
  await page.goto(`/profile/${owner.shareableId}`)
  const gift = giftCard(page, LONG_WORD)
  await expect.poll(() => gift.getByRole('button', { name: 'Purchase' }).isEnabled()).toBe(true)
  await gift.getByRole('button', { name: 'Purchase' }).click()
  await confirmPurchase(page)
  return page.getByRole('dialog', { name: 'Thank you for your gift!' })
}

const head = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  }))

describe('the visitor page on a phone, at its edges', () => {
  for (const theme of THEMES) {
    it(`${theme}: unknown, hidden, no redirect URL and offline never-saved profiles each have an h1 and pass axe`, async () => {
      const hidden = await ownerWith({ isPublic: false })
      const noRedirect = await ownerWith({ profileType: 'REDIRECT', redirectUrl: '' })
      const saved = await ownerWith({})
      const never = await ownerWith({})
      const page = await phonePage(theme)
      try {
        await page.goto('/profile/zzzzzzzzzz')
        await expectTitledState(page, 'Profile not available')
        await page.goto(`/profile/${hidden.shareableId}`)
        await expectTitledState(page, 'Profile not available')
        await page.goto(`/profile/${noRedirect.shareableId}`)
        await expectTitledState(page, 'No redirect URL is configured for this profile.')
        await page.goto(`/profile/${saved.shareableId}`)
        await waitForServiceWorker(page)
        await page.context().setOffline(true)
        await page.goto(`/profile/${never.shareableId}`)
        await expectTitledState(page, 'No connection')
      } finally {
        await page.context().close()
      }
    })
  }

  it('a second profile opened under the service worker gets its own title, canonical address and Open Graph tags', async () => {
    const first = await ownerWith({ description: 'The first one.' })
    const second = await ownerWith({ description: 'Coffee and climbing.' })
    const page = await phonePage('light')
    try {
      await page.goto(`/profile/${first.shareableId}`)
      await waitForServiceWorker(page)
      await page.goto(`/profile/${second.shareableId}`)
      await page.getByRole('heading', { level: 1, name: second.user.username }).waitFor()
      // The worker served its empty document: the head is the page's doing, not the server's.
      expect(await page.locator('meta[name="qrtee-served-by"]').count()).toBe(1)
      const canonical = `${baseUrl()}/profile/${second.shareableId}`
      const title = `${second.user.username} · QR Tee`
      await expect.poll(() => head(page)).toEqual({ title, canonical, ogUrl: canonical, ogTitle: title, description: 'Coffee and climbing.' })
    } finally {
      await page.context().close()
    }
  })

  it("the 'Payment successful!' toast wraps a long name inside the screen and keeps off the thank-you heading", async () => {
    const page = await phonePage('light')
    try {
      const thanks = await boughtOnPhone(page)
      const toast = thanks.locator('.qv-toast').filter({ hasText: 'Payment successful!' })
      await toast.waitFor()
      await settled(page)
      const placed = await toast.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const heading = element.closest('dialog')?.querySelector('h2')?.getBoundingClientRect()
        const text = Array.from(element.querySelectorAll('p')).map((p) => ({ scroll: p.scrollWidth, client: p.clientWidth }))
        const overlaps = heading !== undefined && box.bottom > heading.top && box.top < heading.bottom && box.right > heading.left && box.left < heading.right
        return { right: box.right, text, overlaps }
      })
      expect(placed.right).toBeLessThanOrEqual(PHONE.width)
      for (const line of placed.text) expect(line.scroll).toBeLessThanOrEqual(line.client)
      expect(placed.overlaps).toBe(false)
    } finally {
      await page.context().close()
    }
  })

  it('the message dialog marks the field a problem is about, limits the message to 2000 characters and keeps what was typed', async () => {
    const page = await phonePage('light')
    try {
      const thanks = await boughtOnPhone(page)
      await thanks.getByRole('button', { name: 'Send message' }).click()
      const dialog = page.getByRole('dialog', { name: /Send a message/ })
      const message = dialog.getByLabel('Message', { exact: true })
      expect(await message.getAttribute('maxlength')).toBe('2000')
      await dialog.getByLabel('Your Email', { exact: true }).fill('not-an-email')
      await message.fill('Enjoy the coffee!')
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      expect(await fieldError(page, 'Your Email')).toBe('Please enter a valid email address.')
      expect(await dialog.getByLabel('Your Email', { exact: true }).getAttribute('aria-invalid')).toBe('true')
      expect(await message.getAttribute('aria-invalid')).toBe('false')
      expect(await dialog.getByRole('alert').count()).toBe(0)

      // A refusal the page did not foresee goes under its field too, with everything typed kept.
      await page.route('**/purchases/*/message', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'A message may have at most 2000 characters.' }) }),
      )
      await dialog.getByLabel('Your Email', { exact: true }).fill('friend@example.com')
      await dialog.getByRole('button', { name: 'Send', exact: true }).click()
      await expect.poll(() => fieldError(page, 'Message')).toBe('A message may have at most 2000 characters.')
      expect(await message.getAttribute('aria-invalid')).toBe('true')
      expect(await message.inputValue()).toBe('Enjoy the coffee!')
      expect(await dialog.getByLabel('Your Email', { exact: true }).inputValue()).toBe('friend@example.com')

      await message.fill('x'.repeat(1900))
      await dialog.getByText('100 characters left').waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await page.context().close()
    }
  })
})
