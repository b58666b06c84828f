// The public pages (/, /help-center, /demo/wishlist) and the sign-in pages on a touch screen (issue 23): from 320 px
// to a tablet, light and dark, nothing clipped, nothing under 44x44 px, no sideways scroll, axe clean at 360 px; and
// the header's menu, which holds the theme switch on a phone (and 'Sign In' where it does not fit beside 'Sign up').
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { layoutProblems } from './phone-layout.ts'
import { axeViolations } from './screen-checks.ts'

const WIDTHS = [320, 360, 390, 768] as const
const THEMES = ['light', 'dark'] as const
const PAGES = ['/', '/help-center', '/demo/wishlist', '/login', '/register', '/forgot-password'] as const

const touchContext = touchContextPerTest()

async function touchPage(width: number, theme: (typeof THEMES)[number]): Promise<Page> {
  const context = await touchContext(width)
  await context.addInitScript((chosen) => localStorage.setItem('vite-ui-theme', chosen), theme)
  return context.newPage()
}

/** The public pages hydrate after load; their theme switch is enabled once they have. */
async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('h1').first().waitFor()
  if (['/', '/help-center', '/demo/wishlist'].includes(path)) await expect.poll(() => page.locator('.ps-theme input').first().isEnabled()).toBe(true)
}

describe.each(THEMES)('%s theme', (theme) => {
  it.each(WIDTHS)('every public page fits at %i px: nothing clipped, nothing under 44x44, no sideways scroll; axe clean at 360', { timeout: 120_000 }, async (width) => {
    const page = await touchPage(width, theme)
    const found: { path: string; problems: string[]; violations?: unknown[] }[] = []
    for (const path of PAGES) {
      await ready(page, path)
      const problems = await layoutProblems(page, { touch: true })
      const violations = width === 360 ? await axeViolations(page) : []
      if (problems.length > 0 || violations.length > 0) found.push({ path, problems, ...(violations.length > 0 ? { violations } : {}) })
    }
    expect(found).toEqual([])
  })
})

describe("the public header's menu on a phone", () => {
  it("holds the theme switch, and 'Sign In' where it does not fit beside 'Sign up'; Escape and a tap outside close it", { timeout: 60_000 }, async () => {
    const page = await touchPage(320, 'light')
    await ready(page, '/help-center')
    const header = page.getByRole('banner')
    const menu = header.getByRole('button', { name: 'Menu' })
    expect(await header.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true)
    expect(await header.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false)
    expect(await header.getByRole('radio', { name: 'Dark' }).isVisible()).toBe(false)
    expect(await menu.getAttribute('aria-expanded')).toBe('false')

    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await header.getByRole('radio', { name: 'Dark' }).check()
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark')
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark')
    expect(await layoutProblems(page, { touch: true })).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu')

    // A finger on the heading's left end, away from the panel (a click would scroll the heading under the header).
    await menu.click()
    const heading = await page.locator('main h1').boundingBox()
    if (!heading) throw new Error('no heading')
    await page.touchscreen.tap(heading.x + 10, heading.y + heading.height / 2)
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false')

    await menu.click()
    await header.getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL(/\/(dashboard|login)/)
  })

  it("shows 'Sign In' and 'Sign up' side by side from 360 px, and no menu button from a tablet up", async () => {
    const page = await touchPage(360, 'light')
    await ready(page, '/')
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true)
    expect(await header.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true)
    await page.setViewportSize({ width: 768, height: 1024 })
    expect(await header.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    expect(await header.getByRole('radio', { name: 'Dark' }).isVisible()).toBe(true)
  })
})
