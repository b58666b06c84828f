// The screen checks measure a settled screen: with Mantine's fade slowed tenfold, axe run at once on the phone menu
// finds its text blended into the page (the CI failure of stop 37), and the same check through `axeViolations` does not;
// a violation counts when a second reading finds it too.
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

  it('report a violation both readings find, and not one that was gone by the second (a toast mid-fade)', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' })
    try {
      // Faint text; with `fixedAt: 2` it is made legible when axe is injected for the second reading, as a toast that
      // mounted during the first reading has finished fading in by the second. A page of its own each: the content's
      // script keeps its count in the window.
      const faintPage = async (fixedAt: number) => {
        const page = await context.newPage()
        await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
          <p id="faint" style="color:#bbb;background:#fff">Faint text</p></main><script>
          let injections = 0
          Object.defineProperty(window, 'axe', { configurable: true, get: () => window.__axe, set: (value) => {
            window.__axe = value
            if (++injections === ${fixedAt}) document.getElementById('faint').style.color = '#222'
          } })</script></body></html>`)
        return page
      }
      const contrast = (lines: string[]) => lines.filter((line) => line.startsWith('color-contrast: #faint'))

      expect(contrast(await axeViolations(await faintPage(0)))).toHaveLength(1)
      const page = await faintPage(2)
      expect(await axeViolations(page)).toEqual([])
      expect(await page.evaluate(() => document.getElementById('faint')?.style.color), 'the second reading ran').toBe('rgb(34, 34, 34)')
    } finally {
      await context.close()
    }
  })
})
