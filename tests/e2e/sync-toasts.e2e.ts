// Toasts on a 360x740 phone: five offline saves show at most two toasts at once, so the cards' actions stay in view.
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshContextPerTest } from './browser.ts'
import { addItem, itemName, openDashboard, product, signIn, waitForSynced } from './offline-helpers.ts'
import { newOwner } from './owner-helpers.ts'

let context: BrowserContext
freshContextPerTest((fresh) => {
  ;({ context } = fresh)
})

describe('toasts on a phone', () => {
  it('five offline saves stack at most two toasts, and the last card keeps its actions in view', async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    // The phone's width before the app starts: its toast limit is read at mount. At the context's 1280 px this passed
    // only while toasts covered the banner's 'Add wishlist item' and each click waited for them to go.
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)
    await context.setOffline(true)
    const shown: number[] = []
    for (let i = 0; i < 5; i++) {
      await addItem(page, product(itemName(`Offline ${i}`)))
      shown.push(await page.locator('.mantine-Notification-root').count())
    }
    expect(Math.max(...shown)).toBeLessThanOrEqual(2)
    await context.setOffline(false)
  })
})
