// The owner's app on a phone (issue 23): at 320x640, 360x740 and 390x844, light and dark, touch, every owner task walked
// through the bottom tab bar — each profile type including Redirect, social links with their URLs, every Period, the
// whole order form, every tab and back — with no element clipped, none under 44x44 px and no sideways scrolling; axe
// on every screen at 360 px; and the screenshots under docs/screens/ taken on the way.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { createItemByApi, newOwner, type Owner } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'
import { axeViolations } from './screen-checks.ts'

const SIZES = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const
const THEMES = ['light', 'dark'] as const

const touchContext = touchContextPerTest()

async function phonePage(size: (typeof SIZES)[number], theme: (typeof THEMES)[number], owner: Owner): Promise<Page> {
  const page = await (await touchContext(size.width, size.height)).newPage()
  await page.goto('/login')
  await page.evaluate(
    ({ token, refreshToken, theme: chosen }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('refreshToken', refreshToken)
      localStorage.setItem('vite-ui-theme', chosen)
    },
    { token: owner.token, refreshToken: owner.refreshToken, theme },
  )
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
  return page
}

describe.each(SIZES)('owner tasks at $width x $height', (size) => {
  describe.each(THEMES)('%s theme', (theme) => {
    // One retry, for a flake seen under load (CI of 2026-11-28; two of five runs of this file beside two busy loops): a
    // click at 360 px waited 30 s for an element Playwright never found "stable", the bottom bar's Order link right
    // after the open menu's full-page screenshot. Since the menu is captured by the viewport alone, four runs beside
    // three busy loops took no retry (each case 6-20 s); the retry stays until CI has shown the same.
    it('every screen fits: nothing clipped, nothing under 44x44, no sideways scroll; axe clean at 360 px', { timeout: 300_000, retry: 1 }, async () => {
      const owner = await newOwner()
      await createItemByApi(owner, 'A very long wishlist item name that goes on and on to test wrapping')
      const page = await phonePage(size, theme, owner)
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(theme)
      const tabs = page.getByRole('navigation', { name: 'Tabs' })

      /** The layout rules, axe at 360 px, and the screenshot at 360 px (of the viewport alone with `fullPage: false`). */
      const screen = async (name: string, { fullPage = true } = {}) => {
        // Both checks measure a settled screen (fonts loaded, transitions over): axe once measured the menu's Logout
        // at 4.41:1 mid-fade.
        await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
        if (size.width !== 360) return
        expect(await axeViolations(page)).toEqual([])
        // From the top, so the fixed header is drawn at the top of the full-page image.
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.screenshot({ path: `docs/screens/owner-${name}-${theme}.png`, fullPage })
      }

      await page.getByText('A very long wishlist item name', { exact: false }).waitFor()
      await screen('wishlist')

      // The header's menu holds the theme switch on a phone.
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('radio', { name: theme === 'light' ? 'Light' : 'Dark' }).waitFor()
      // Drawn at opacity 0 for a frame before its fade starts, so the fade's end is waited for, not only its running.
      await expect.poll(() => page.locator('.mantine-Popover-dropdown').evaluate((dropdown) => getComputedStyle(dropdown).opacity)).toBe('1')
      // The viewport alone: the open menu sits at the top, and a full-page capture resizes the page under the open
      // popover (the flake above followed that capture).
      await screen('menu', { fullPage: false })
      await page.keyboard.press('Escape')

      // Order: the whole form, through the bottom bar.
      await tabs.getByRole('link', { name: 'Order' }).click()
      await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
      const sizes = page.getByRole('group', { name: 'Size' })
      await sizes.getByRole('button', { name: 'M', exact: true }).click()
      await page.getByRole('button', { name: 'Increase quantity' }).click()
      expect(await page.getByLabel('Shipping', { exact: true }).textContent()).toBe('Calculate shipping first')
      // The preview sits above the action on a phone.
      const preview = await page.getByRole('img', { name: /shirt/i }).first().boundingBox()
      const action = await page.getByRole('button', { name: 'Create draft order' }).boundingBox()
      expect(preview && action && preview.y < action.y).toBe(true)
      await page.getByLabel('Full name', { exact: true }).fill('Margaret Hamilton-Longname')
      await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1')
      await page.getByLabel('City', { exact: true }).fill('Berlin')
      await page.getByLabel('ZIP', { exact: true }).fill('10117')
      await page.getByRole('button', { name: 'Calculate shipping' }).click()
      await expect.poll(() => page.getByLabel('Shipping', { exact: true }).textContent()).toMatch(/^€/)
      await screen('order')

      // Purchases: every Period.
      await tabs.getByRole('link', { name: 'Purchases' }).click()
      const periods = page.getByRole('group', { name: 'Period' })
      for (const period of ['All time', 'Today', 'This week', 'Month', 'Year']) {
        await periods.getByRole('radio', { name: period, exact: true }).check()
        await screen(`purchases-${period.toLowerCase().replace(' ', '-')}`)
      }

      // Profile tab, then its settings through 'Edit profile'.
      await tabs.getByRole('link', { name: 'Profile' }).click()
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor()
      await page.getByRole('link', { name: 'Open', exact: true }).waitFor()
      await screen('profile')
      await page.getByRole('link', { name: 'Edit profile' }).click()
      await page.getByRole('heading', { name: 'Profile settings' }).waitFor()
      const types = page.getByRole('group', { name: 'Profile type' })
      for (const type of ['Custom text', 'Redirect', 'Wishlist', 'Social links']) {
        await types.getByRole('radio', { name: type, exact: true }).check()
        expect(await types.getByRole('radio', { name: type, exact: true }).isChecked()).toBe(true)
        await screen(`settings-${type.toLowerCase().replace(' ', '-')}`)
      }
      // Social links: the URL is visible at full width and editable; a bad one is marked, readable and scrolled to.
      await page.getByRole('button', { name: 'Add instagram link' }).click()
      const url = page.getByRole('textbox', { name: 'URL of link 1' })
      await url.fill('https://instagram.com/a-rather-long-handle')
      expect((await url.boundingBox())?.width ?? 0).toBeGreaterThan(size.width - 120)
      await page.getByRole('button', { name: 'Add link' }).click()
      const bad = page.getByRole('textbox', { name: 'URL of link 2' })
      await bad.fill('javascript:alert(1)')
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await page.getByRole('button', { name: 'Save' }).click()
      await page.locator('.mantine-Notification-title', { hasText: /^Not saved$/ }).waitFor()
      await expect.poll(() => bad.evaluate((input) => input === document.activeElement)).toBe(true)
      await expect.poll(() => bad.evaluate((input) => { const r = input.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })).toBe(true)
      const error = page.getByText(/^Please enter a valid URL/)
      const errorBox = await error.boundingBox()
      // Readable: at most three lines across the row, not a six-line column.
      expect(errorBox && errorBox.width > size.width - 120 && errorBox.height < 70).toBe(true)
      // Hidden, not removed: React still owns the toasts, and removing its nodes breaks the page when one closes.
      await page.locator('.mantine-Notification-root').evaluateAll((toasts) => toasts.forEach((toast) => ((toast as HTMLElement).style.visibility = 'hidden')))
      await screen('settings-social-invalid')
      await page.getByRole('button', { name: 'Remove link 2' }).click()

      // The way home: the bottom bar from /profile/edit, and the logo.
      await tabs.getByRole('link', { name: 'Wishlist' }).click()
      // The walk above left settings unsaved: leaving asks first (decision 205), and the owner lets them go.
      await page.getByRole('button', { name: 'Discard', exact: true }).click({ timeout: 5_000 }).catch(() => undefined)
      await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
      await page.goto('/products/new')
      await page.getByRole('textbox', { name: 'Product Name' }).waitFor()
      await screen('product-new')
      await page.getByRole('link', { name: 'QR Tee' }).click()
      await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/dashboard')
    })
  })
})
