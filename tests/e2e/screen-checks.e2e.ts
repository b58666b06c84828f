// The screen checks measure a settled screen: with Mantine's fade slowed tenfold, axe run at once on the phone menu
// finds its text blended into the page (the CI failure of stop 37), and the same check through `axeViolations` does not.
import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { newOwner, openDashboardAs } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'
import { axeViolations } from './screen-checks.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('the screen checks', () => {
  it('wait for a fade to end: mid-fade axe reports contrast, the settled checks report nothing', async () => {
    const owner = await newOwner()
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
    try {
      const page = await context.newPage()
      await openDashboardAs(page, owner)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Animation.enable')
      // A 150 ms fade takes 3 s: longer than an axe run, shorter than the 5 s `settled` waits at most.
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.05 })
      const openMenu = async () => {
        await page.getByRole('button', { name: 'Menu' }).click()
        await page.getByRole('button', { name: 'Logout' }).waitFor()
      }

      await openMenu()
      expect(await axeViolations(page)).toEqual([])
      expect(await layoutProblems(page, { touch: true })).toEqual([])
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'hidden' })

      // The same menu measured mid-fade: what the checks above would have seen without waiting.
      await openMenu()
      const midFade = await new AxeBuilder({ page }).analyze()
      expect(midFade.violations.map((violation) => violation.id)).toContain('color-contrast')
    } finally {
      await context.close()
    }
  })
})
