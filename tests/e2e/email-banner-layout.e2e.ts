// The email-confirmation banner of an owner who has not confirmed yet (issue 24), on touch screens of 320 to 1440 px:
// inside each owner frame's content under its header, on every dashboard tab, /profile/edit and a product page;
// seen whole (its title is what is drawn at its centre, not the fixed header) and right under the header, no gap.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newUser, registerByApi } from './helpers.ts'
import { mailingServerPerFile } from './mailing-server.ts'
import { layoutProblems } from './phone-layout.ts'

const { server, phone } = mailingServerPerFile()

const ADDRESSES = ['/dashboard', '/dashboard?view=order', '/dashboard?view=profile', '/dashboard?view=purchases', '/profile/edit', '/products/new']
/** The room left between the header and the banner, and between the banner and what follows: a padding, not ~80 px. */
const MAX_GAP_PX = 24
const MAX_GAP_BELOW_PX = 40

/**
 * Where the banner's title is: on top at its own centre or not, inside the viewport or not; the banner's gap to the
 * header above and to the first thing drawn after it (a card's border or background, or a leaf element).
 */
function titlePlace(page: Page) {
  return page.getByTestId('email-verification-banner').getByText('Please confirm your email').evaluate((title) => {
    const box = title.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    const header = document.querySelector('header')?.getBoundingClientRect()
    const bannerElement = title.closest('[data-testid=email-verification-banner]')!
    const banner = bannerElement.getBoundingClientRect()
    const next = Array.from(document.querySelectorAll('main *')).find((el) => {
      const rect = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      const drawn = el.childElementCount === 0 || parseFloat(style.borderTopWidth) > 0 || style.backgroundColor !== 'rgba(0, 0, 0, 0)'
      return drawn && rect.height > 1 && rect.top >= banner.bottom && !bannerElement.contains(el)
    })
    return {
      onTop: hit !== null && title.contains(hit),
      inViewport: box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= document.documentElement.clientWidth,
      gapUnderHeader: header ? Math.round(banner.top - header.bottom) : null,
      gapBelow: next ? Math.round(next.getBoundingClientRect().top - banner.bottom) : null,
    }
  })
}

describe('The email-confirmation banner sits under the owner frame header', () => {
  it.each([320, 360, 1024, 1440])('at %i px: seen whole on every dashboard tab, /profile/edit and /products/new', async (width) => {
    const owner = await registerByApi(newUser(), server().baseUrl)
    const page = await phone({ owner, width })
    for (const address of ADDRESSES) {
      await page.goto(address)
      await page.getByTestId('email-verification-banner').waitFor({ timeout: 30_000 })
      const place = await titlePlace(page)
      expect({ address, ...place }).toEqual({ address, onTop: true, inViewport: true, gapUnderHeader: expect.any(Number) as number, gapBelow: expect.any(Number) as number })
      expect(place.gapUnderHeader, address).toBeGreaterThanOrEqual(0)
      expect(place.gapUnderHeader, address).toBeLessThanOrEqual(MAX_GAP_PX)
      expect(place.gapBelow, address).toBeLessThanOrEqual(MAX_GAP_BELOW_PX)
      expect(await layoutProblems(page, { touch: true }), address).toEqual([])
    }
  })
})
