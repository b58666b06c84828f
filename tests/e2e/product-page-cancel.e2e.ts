// Cancel on the full-page product form goes back (spec section 2) when the app has a page to go back to, and to the
// dashboard when the form is the tab's first page (a deep link, an installed app started there), not to about:blank.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshContextPerTest } from './browser.ts'
import { createItemByApi, newOwner, type Owner, signedInBeforeLoad } from './owner-helpers.ts'

let context: BrowserContext
freshContextPerTest((fresh) => {
  ;({ context } = fresh)
})

/** A new tab whose very first page is `path`, signed in before anything loads. */
async function firstPage(owner: Owner, path: string): Promise<Page> {
  await signedInBeforeLoad(context, owner)
  const page = await context.newPage()
  await page.goto(path)
  return page
}

describe('Cancel on a product page opened first', () => {
  it('/products/new: Cancel goes to /dashboard', async () => {
    const owner = await newOwner()
    const page = await firstPage(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
  })

  it('/products/{id}: Cancel goes to /dashboard', async () => {
    const owner = await newOwner()
    const id = await createItemByApi(owner, 'Woollen socks')
    const page = await firstPage(owner, `/products/${id}`)
    await page.getByRole('heading', { name: 'Edit product' }).waitFor()
    await page.getByLabel('Product Name').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(new URL(page.url()).pathname).toBe('/dashboard')
  })

  it('after an in-app page: Cancel goes back to it', async () => {
    const owner = await newOwner()
    const page = await firstPage(owner, '/profile/edit')
    await page.getByRole('heading', { name: 'Profile settings' }).first().waitFor()
    await page.evaluate(() => {
      // No in-app link leads here (the dashboard uses its dialogs), so the test pushes the entry the router's own
      // navigation would (its __TSR_index one further) and lets the router follow it.
      window.history.pushState({ ...window.history.state, __TSR_index: 1 }, '', '/products/new')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === '/profile/edit')
  })
})
