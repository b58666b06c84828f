// The owner app's frame: toasts clear of the banner's actions on wide screens, the header's tab labels whole at every
// width, what an in-app navigation tells the owner (title, focused heading), and a route whose code cannot load.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { fillProduct, newOwner, type Owner, signedInBeforeLoad, uniqueName } from './owner-helpers.ts'

let page: Page
let owner: Owner
freshPagePerTest(async (fresh) => {
  ;({ page } = fresh)
  owner = await newOwner()
  await signedInBeforeLoad(fresh.context, owner)
})

/** For each named link, whether a click at its centre reaches it (or what covers it). */
function reachable(names: string[]): Promise<string[]> {
  return page.evaluate(
    (wanted) =>
      wanted.map((name) => {
        const link = Array.from(document.querySelectorAll('a, button')).find((el) => el.textContent?.trim() === name)
        if (!link) return `${name}: missing`
        const box = link.getBoundingClientRect()
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        if (top && link.contains(top)) return `${name}: reachable`
        return `${name}: covered by ${top?.closest('.mantine-Notification-root') ? 'a toast' : top?.tagName}`
      }),
    names,
  )
}

describe('toasts on wide screens', () => {
  it.each([
    [1440, 900],
    [1280, 800],
  ])("at %i x %i, 'Product created' leaves 'Add wishlist item' and 'Show QR code' reachable", async (width, height) => {
    await page.setViewportSize({ width, height })
    await page.goto('/dashboard')
    await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    await fillProduct(page.getByRole('dialog'), uniqueName('Toast place'))
    await page.getByRole('button', { name: 'Save' }).click()
    await page.locator('.mantine-Notification-title', { hasText: 'Product created' }).waitFor()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // Past the toast's entering transition: where it rests for its seconds.
    await page.waitForTimeout(400)
    expect(await reachable(['Add wishlist item', 'Show QR code'])).toEqual(['Add wishlist item: reachable', 'Show QR code: reachable'])
  })
})

/** Header controls whose words wrap onto a second line (a break inside 'Wishlist', 'Purchases', ...). */
function brokenHeaderLabels(): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
      .filter((el) => el.getBoundingClientRect().width > 0 && el.textContent?.trim())
      .flatMap((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const tops = Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => rect.top)
          .sort((a, b) => a - b)
        const lines = tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > 8).length
        return lines > 1 ? [`${el.textContent?.trim()}: ${lines} lines, ${Math.round(el.getBoundingClientRect().height)} px tall`] : []
      }),
  )
}

describe('the owner pages header', () => {
  it('keeps every label whole and the page within the screen from 320 to 1440 px', async () => {
    const problems: string[] = []
    for (const path of ['/profile/edit', '/products/new']) {
      for (const width of [320, 360, 600, 768, 820, 900, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await page.locator('header').getByRole('link', { name: 'QR Tee' }).waitFor()
        await page.locator('main h2').first().waitFor()
        for (const label of await brokenHeaderLabels()) problems.push(`${path} at ${width}: ${label}`)
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        if (sideways > 0) problems.push(`${path} at ${width}: ${sideways} px wider than the screen`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** The document's title and what has focus: a heading's level and words, or the element's tag. */
async function announced(): Promise<{ title: string; focus: string }> {
  return page.evaluate(() => {
    const active = document.activeElement
    const focus = active && /^H[1-6]$/.test(active.tagName) ? `${active.tagName.toLowerCase()} ${active.textContent?.trim()}` : (active?.tagName.toLowerCase() ?? 'none')
    return { title: document.title, focus }
  })
}

describe('route changes', () => {
  it("each page has its title; after an in-app navigation focus is on the new page's heading, not on the first load", async () => {
    await page.goto('/dashboard?view=profile')
    await page.getByRole('link', { name: 'Edit profile' }).waitFor()
    expect(await announced()).toEqual({ title: 'Profile · QR Tee', focus: 'body' })

    await page.getByRole('link', { name: 'Edit profile' }).click()
    await expect.poll(announced).toEqual({ title: 'Profile settings · QR Tee', focus: 'h2 Profile settings' })
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBe(0)

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Wishlist' }).click()
    await expect.poll(announced).toEqual({ title: 'Wishlist · QR Tee', focus: `h2 Welcome back, ${owner.username}!` })

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(announced).toEqual({ title: 'Sign in · QR Tee', focus: 'h1 Sign in' })

    await page.getByRole('link', { name: 'Create one' }).click()
    await expect.poll(announced).toEqual({ title: 'Create an account · QR Tee', focus: 'h1 Create your account' })

    await page.goto('/no-such-page')
    await page.getByText('Oops! Page not found').waitFor()
    expect(await announced()).toEqual({ title: 'Page not found · QR Tee', focus: 'body' })
  })
})

describe('a route whose code cannot load', () => {
  it('reloads for the new version at most twice, then says so with a Reload button, never the raw error', async () => {
    // The server and the browser no longer have the old build's settings page (another tab took an update, then a
    // deploy). Found by its content: the build has another, small `edit-…` chunk that the frame needs.
    await page.route(/\/assets\/edit-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      return body.includes('Profile settings') ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ response, body })
    })
    await page.goto('/dashboard?view=profile')
    await page.getByRole('link', { name: 'Edit profile' }).waitFor()
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.getByRole('link', { name: 'Edit profile' }).click()
    const explained = page.getByRole('heading', { name: 'This page needs the new version of the app: reload when you are online' })
    await explained.waitFor({ timeout: 20_000 })
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0)
    expect(loads).toBeLessThanOrEqual(2)
    await page.getByRole('button', { name: 'Reload' }).waitFor()
  })
})
