// Two devices of one owner set one product's price: the phone (360x740 touch) whose value lost is told in its sync status, once (decision 201).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshContextPerTest } from './browser.ts'
import { addItem, cardTitle, itemName, openDashboard, product, signIn, waitForSynced } from './offline-helpers.ts'
import { newOwner, serverItems, syncBadge, type Owner } from './owner-helpers.ts'
import { axeViolations } from './screen-checks.ts'

let browser: Browser
let laptopContext: BrowserContext
freshContextPerTest((fresh) => {
  ;({ browser, context: laptopContext } = fresh)
})

async function setPrice(page: Page, name: string, price: string, touch: boolean) {
  const edit = page.getByRole('link', { name: `Edit ${name}` })
  await (touch ? edit.tap() : edit.click())
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Price').fill(price)
  const save = dialog.getByRole('button', { name: 'Save' })
  await (touch ? save.tap() : save.click())
  await dialog.waitFor({ state: 'detached' })
}

const serverPrice = async (owner: Owner, name: string) => (await serverItems(owner)).find((item) => item.name === name)?.price

describe('the same field written on two devices', () => {
  it('the phone whose price lost shows an orange notice naming the product and the field; the laptop that won says nothing', async () => {
    const owner = await newOwner()
    const phoneContext = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' })
    try {
      const phone = await phoneContext.newPage()
      await signIn(phone, owner)
      await openDashboard(phone, owner)
      await waitForSynced(phone)
      const name = itemName('Camera')
      await addItem(phone, { ...product(name), price: '100' })
      await expect.poll(() => serverPrice(owner, name), { timeout: 20_000 }).toBe(100)

      const laptop = await laptopContext.newPage()
      await signIn(laptop, owner)
      await openDashboard(laptop, owner)
      await waitForSynced(laptop)
      await cardTitle(laptop, name).waitFor()

      // The phone's own write and its echo say nothing.
      await setPrice(phone, name, '110', true)
      await expect.poll(() => serverPrice(owner, name), { timeout: 20_000 }).toBe(110)
      await waitForSynced(phone)
      await expect.poll(async () => syncBadge(phone).getAttribute('aria-label')).not.toMatch(/need attention/)

      // The laptop sets the price after it: its value is the server's now.
      await setPrice(laptop, name, '120', false)
      await expect.poll(() => serverPrice(owner, name), { timeout: 20_000 }).toBe(120)

      // The phone's next pull (coming back online) brings it: a toast once, and the orange badge counts it.
      await phoneContext.setOffline(true)
      await phoneContext.setOffline(false)
      const words = `'${name}' — Price was changed on another device (now €120.00).`
      const toast = phone.locator('.mantine-Notification-root').filter({ hasText: words })
      await toast.waitFor({ timeout: 45_000 })
      expect(await toast.textContent()).toContain('Changed on another device')
      await expect.poll(async () => syncBadge(phone).getAttribute('aria-label')).toMatch(/, 1 need attention$/)
      expect(await syncBadge(phone).getAttribute('data-color')).toBe('orange')

      // In the sync status: the notice is readable at 360 px, its dismiss button is a 44 px target, axe is clean.
      await toast.waitFor({ state: 'detached', timeout: 15_000 })
      await syncBadge(phone).tap()
      const notice = phone.getByRole('dialog').getByText(words)
      await notice.waitFor()
      const box = await notice.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true)
      const dismiss = phone.getByRole('button', { name: 'Dismiss notice' })
      const target = await dismiss.boundingBox()
      expect(Math.min(target?.width ?? 0, target?.height ?? 0)).toBeGreaterThanOrEqual(44)
      expect(await axeViolations(phone)).toEqual([])
      await dismiss.tap()
      await expect.poll(async () => syncBadge(phone).getAttribute('aria-label')).not.toMatch(/need attention/)

      // The laptop, whose value won, pulls its own echo: nothing to say.
      await laptop.reload()
      await waitForSynced(laptop)
      expect(await syncBadge(laptop).getAttribute('aria-label')).not.toMatch(/need attention/)
    } finally {
      await phoneContext.close()
    }
  })
})
