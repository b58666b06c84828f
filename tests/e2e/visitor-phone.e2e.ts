// The visitor's page on a phone (issue 23): 360x740 and 390x844, touch, light and dark. A link-in-bio page (clamped
// description with 'More', expandable gift text, bought gifts last, full-width social buttons with proper names,
// Share, 'Get your own QR Tee'), a 40-character name that wraps between its parts, and the purchase flow; on every
// screen no horizontal scroll, no interactive element clipped or under 44x44, and axe without violations.
// Screenshots go to docs/screens/visitor-*.png.
import { mkdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { confirmPurchase, giftCard, registerByApi } from './helpers.ts'
import { api } from './owner-helpers.ts'
import { axeViolations, settled } from './screen-checks.ts'

const SCREENS = new URL('../../docs/screens/', import.meta.url).pathname
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const
const THEMES = ['light', 'dark'] as const
const LONG_DESCRIPTION = `${'I collect small joys: good coffee, long runs in the forest, photos for the fridge door and evenings with friends. '.repeat(4)}Thank you for scanning my shirt!`.slice(0, 500)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  mkdirSync(SCREENS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

/** A 40-character username made of parts, as people write long names. */
function longUsername(): string {
  const name = `amelia.rose_hawthorne-gifts_${randomBytes(6).toString('hex')}`
  return name.slice(0, 40)
}

async function phoneOwner() {
  const user = await registerByApi({ username: longUsername(), email: `e2e_${randomBytes(5).toString('hex')}@example.com`, password: `pw-${randomBytes(5).toString('hex')}-long` })
  const own = v.parse(v.object({ id: v.string(), shareableId: v.string() }), (await api('/api/profiles', { token: user.token })).json)
  await api('/api/profiles', { method: 'PUT', token: user.token, body: { description: LONG_DESCRIPTION, profileType: 'WISHLIST', contactInfo: '' } })
  const ids: string[] = []
  for (const [name, price, description] of [
    ['Espresso machine with a very long name that wraps', 99999.99, `${'Dual boiler, PID, pre-infusion and a steam wand for silky milk. '.repeat(4)}`],
    ['Climbing chalk', 7, 'Fine chalk for the bouldering gym.'],
    ['Trail running shoes', 129, 'Size 43, any colour but orange.'],
  ] as const) {
    const body = { name, price, description, brand: 'Acme', productUrl: 'https://shop.example/item' }
    const created = await api(`/api/wishlist-items/profile/${own.id}`, { method: 'POST', token: user.token, body })
    ids.push(v.parse(v.object({ id: v.string() }), created.json).id)
  }
  // The first gift is bought: it must move to the end.
  await api(`/api/public/profiles/${own.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: ids[1] } })
  return { user, shareableId: own.shareableId, profileId: own.id }
}

async function phonePage(viewport: { width: number; height: number }, theme: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 1, serviceWorkers: 'block' })
  await context.addInitScript((choice) => localStorage.setItem('vite-ui-theme', choice), theme)
  return context.newPage()
}

type Problem = string

/**
 * Every visible interactive element: at least 44x44, inside the viewport, and not cut by an ancestor's overflow. Measured
 * once transitions have ended: a sheet still sliding or scaling in would measure smaller or elsewhere than it is.
 */
async function layoutProblems(page: Page): Promise<Problem[]> {
  await settled(page)
  return page.evaluate(() => {
    const problems: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > window.innerWidth) problems.push(`horizontal scroll: ${root.scrollWidth} > ${window.innerWidth}`)
    const selector = 'a[href], button, input:not([type=radio]):not([type=hidden]), textarea, select, label:has(input[type=radio])'
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || style.display === 'none' || element.closest('[hidden], dialog:not([open])')) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      const name = `${element.tagName.toLowerCase()} '${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}'`
      if (box.width < 43.5 || box.height < 43.5) problems.push(`${name} is ${Math.round(box.width)}x${Math.round(box.height)}`)
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push(`${name} is outside the viewport (${Math.round(box.left)}..${Math.round(box.right)})`)
      for (let node: HTMLElement = element, parent = element.parentElement; parent; node = parent, parent = parent.parentElement) {
        // A fixed element (a toast) is placed against the viewport and escapes its ancestors' overflow.
        if (getComputedStyle(node).position === 'fixed') break
        const overflow = getComputedStyle(parent)
        if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue
        const clip = parent.getBoundingClientRect()
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) {
          // A scrolling container clips on purpose only if the element can be scrolled to; a dialog's content scrolls.
          if (parent.scrollHeight > parent.clientHeight && overflow.overflowY !== 'hidden') continue
          problems.push(`${name} is clipped by ${parent.tagName.toLowerCase()}.${parent.className}`)
        }
        break
      }
    }
    return problems
  })
}

/** Lines of the h1 broken in the middle of a part (between two letters or digits): none allowed. */
function midWordBreaks(page: Page): Promise<string[]> {
  return page.locator('h1').evaluate((heading) => {
    const text = heading.textContent ?? ''
    const tops: number[] = []
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        tops.push(Math.round(range.getBoundingClientRect().top))
      }
    }
    const breaks: string[] = []
    for (let i = 1; i < tops.length; i++) {
      if (tops[i] !== tops[i - 1] && /[A-Za-z0-9]/.test(text[i - 1] ?? '') && /[A-Za-z0-9]/.test(text[i] ?? '')) breaks.push(`${text.slice(0, i)} | ${text.slice(i)}`)
    }
    return breaks
  })
}

describe('the visitor page on a phone', () => {
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`${viewport.width}x${viewport.height} ${theme}: link-in-bio page, purchase flow, 44 px targets, no sideways scroll, axe clean`, async () => {
        const { user, shareableId } = await phoneOwner()
        const page = await phonePage(viewport, theme)
        try {
          await page.addInitScript(() => {
            const shared: unknown[] = []
            Object.assign(window, { sharedData: shared })
            Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data), configurable: true })
          })
          await page.goto(`/profile/${shareableId}`)
          await page.getByRole('heading', { level: 1 }).waitFor()
          // The page's script applies the stored choice once it runs, which may be after the server's heading shows.
          await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(theme)
          const more = page.locator('.qv-head').getByRole('button', { name: 'More' })
          await expect.poll(() => more.isEnabled()).toBe(true)

          // The 40-character name wraps between its parts, never inside one.
          expect((await page.getByRole('heading', { level: 1 }).textContent())?.length).toBe(40)
          expect(await midWordBreaks(page)).toEqual([])
          // The description is clamped: the first gift starts on the first screen.
          const firstGift = page.getByRole('list', { name: 'Wishlist' }).getByRole('article').first()
          expect((await firstGift.boundingBox())?.y ?? Infinity).toBeLessThan(viewport.height)
          // Bought gifts last.
          const names = await page.getByRole('list', { name: 'Wishlist' }).getByRole('heading', { level: 2 }).allTextContents()
          expect(names.at(-1)).toBe('Climbing chalk')

          expect(await layoutProblems(page)).toEqual([])
          expect(await axeViolations(page)).toEqual([])
          if (viewport.width === 360) await page.screenshot({ path: `${SCREENS}visitor-${theme}.png` })

          expect(await more.getAttribute('aria-expanded')).toBe('false')
          await more.click()
          expect(await page.locator('.qv-head').getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true')
          const gift = giftCard(page, 'Espresso machine with a very long name that wraps')
          await gift.getByRole('button', { name: 'More' }).click()
          await gift.getByRole('button', { name: 'Less' }).waitFor()

          await page.getByRole('button', { name: 'Share' }).click()
          expect(await page.evaluate(() => (window as unknown as { sharedData: unknown[] }).sharedData)).toEqual([
            { title: user.username, url: `${baseUrl()}/profile/${shareableId}` },
          ])
          expect(await page.getByRole('link', { name: 'Get your own QR Tee' }).getAttribute('href')).toBe('/')

          // The purchase flow: the sheet, then the thank-you, each checked the same way.
          await gift.getByRole('button', { name: 'Purchase' }).click()
          const sheet = page.getByRole('dialog', { name: 'Confirm your gift' })
          await sheet.getByText('€99,999.99').first().waitFor()
          expect(await layoutProblems(page)).toEqual([])
          expect(await axeViolations(page)).toEqual([])
          if (viewport.width === 360) await page.screenshot({ path: `${SCREENS}visitor-confirm-${theme}.png` })
          await confirmPurchase(page)
          const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
          await thanks.waitFor()
          await thanks.getByText('has not shared contact details', { exact: false }).waitFor()
          expect(await layoutProblems(page)).toEqual([])
          expect(await axeViolations(page)).toEqual([])
          if (viewport.width === 360) await page.screenshot({ path: `${SCREENS}visitor-thanks-${theme}.png` })

          await thanks.getByRole('button', { name: 'Send message' }).click()
          const message = page.getByRole('dialog', { name: /Send a message/ })
          await message.getByRole('button', { name: 'Send', exact: true }).click()
          await message.getByText('Please fill in all fields').waitFor()
          expect(await layoutProblems(page)).toEqual([])
          expect(await axeViolations(page)).toEqual([])
          if (viewport.width === 360) await page.screenshot({ path: `${SCREENS}visitor-message-${theme}.png` })
        } finally {
          await page.context().close()
        }
      })
    }
  }

  it('social links are full-width buttons with the proper name and icon, at least 44 px tall', async () => {
    const user = await registerByApi()
    await api('/api/profiles', {
      method: 'PUT',
      token: user.token,
      body: {
        profileType: 'SOCIAL_LINKS',
        socialLinks: [
          { platform: 'instagram', url: 'https://instagram.com/someone' },
          { platform: 'twitter', url: 'https://x.com/someone' },
          { platform: 'github', url: 'https://github.com/someone' },
        ],
      },
    })
    const own = v.parse(v.object({ shareableId: v.string() }), (await api('/api/profiles', { token: user.token })).json)
    for (const theme of THEMES) {
      const page = await phonePage(VIEWPORTS[0], theme)
      try {
        await page.goto(`/profile/${own.shareableId}`)
        for (const name of ['Instagram', 'X', 'GitHub']) {
          const link = page.getByRole('link', { name, exact: true })
          const box = await link.boundingBox()
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
          expect(box?.width ?? 0).toBeGreaterThan(VIEWPORTS[0].width - 80)
          expect(await link.locator('svg').count()).toBe(1)
        }
        expect(await page.getByText(/^(instagram|twitter|github)$/).count()).toBe(0)
        expect(await layoutProblems(page)).toEqual([])
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `${SCREENS}visitor-social-${theme}.png` })
      } finally {
        await page.context().close()
      }
    }
  })
})
