// Typing is never thrown away without asking (decision 205): the product dialogs and /profile/edit ask 'Discard your
// changes?' before closing or leaving, an item deleted in another tab keeps the open edit's typing, the settings say
// when another tab saved, and keyboard focus stays put after Save and follows the social-link rows.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { createItemByApi, newOwner, type Owner, signedInBeforeLoad, uniqueName } from './owner-helpers.ts'

let browser: Browser
let context: BrowserContext | undefined
beforeAll(async () => {
  browser = await launchBrowser()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})
afterAll(async () => {
  await browser.close()
})

async function signedIn(owner: Owner, phone = false): Promise<BrowserContext> {
  context = await browser.newContext(
    phone
      ? { baseURL: baseUrl(), viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 }
      : { baseURL: baseUrl(), viewport: { width: 1440, height: 900 } },
  )
  await signedInBeforeLoad(context, owner)
  return context
}

async function dashboard(owner: Owner, name: string, phone = false): Promise<Page> {
  const page = await (await signedIn(owner, phone)).newPage()
  await page.goto('/dashboard')
  await page.getByRole('link', { name: `Edit ${name}` }).waitFor()
  return page
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent?.trim() || document.activeElement?.tagName)
const question = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' })

describe('product dialogs ask before typing is thrown away', () => {
  it('keyboard at 1440: Escape in New product asks, Keep editing keeps the typing, Discard closes; an unchanged Edit closes at once', async () => {
    const owner = await newOwner()
    const name = uniqueName('Blue Mug')
    await createItemByApi(owner, name)
    const page = await dashboard(owner, name)

    await page.getByRole('link', { name: 'Add wishlist item' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await dialog.getByLabel('Product Name').focus()
    await page.keyboard.type('Hand-made ceramic teapot')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Studio Kiln')
    await page.keyboard.press('Escape')
    await question(page).waitFor()
    // Polled: the question's focus trap takes the focus a frame after it shows.
    await expect.poll(() => focused(page)).toBe('Keep editing')
    await page.keyboard.press('Enter')
    await question(page).waitFor({ state: 'hidden' })
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe('Hand-made ceramic teapot')
    await expect.poll(() => dialog.getByLabel('Brand').evaluate((field) => field === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await question(page).waitFor()
    await expect.poll(() => focused(page)).toBe('Keep editing')
    await page.keyboard.press('Escape')
    await question(page).waitFor({ state: 'hidden' })
    expect(await dialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await question(page).waitFor()
    await expect.poll(() => focused(page)).toBe('Keep editing')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Discard')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).searchParams.get('modal')).toBeNull()

    await page.getByRole('link', { name: `Edit ${name}` }).focus()
    await page.keyboard.press('Enter')
    const edit = page.getByRole('dialog', { name: 'Edit product' })
    await edit.getByLabel('Description').waitFor()
    await page.keyboard.press('Escape')
    await edit.waitFor({ state: 'hidden' })
    expect(await question(page).count()).toBe(0)
  })

  it('360x740 touch: Back and a tap outside an Edit with changes ask; the buttons are 44 px; Discard leaves the item as it was', async () => {
    const owner = await newOwner()
    const name = uniqueName('Red Scarf')
    await createItemByApi(owner, name)
    const page = await dashboard(owner, name, true)
    await page.getByRole('link', { name: `Edit ${name}` }).tap()
    const edit = page.getByRole('dialog', { name: 'Edit product' })
    await edit.getByLabel('Description').fill('Long, in dark red, wool not acrylic.')
    await page.waitForURL((url) => url.searchParams.get('modal') === 'edit')

    await page.goBack()
    await question(page).waitFor()
    for (const label of ['Keep editing', 'Discard']) {
      const box = await question(page).getByRole('button', { name: label }).boundingBox()
      expect(box?.height).toBeGreaterThanOrEqual(44)
    }
    await question(page).getByRole('button', { name: 'Keep editing' }).tap()
    await question(page).waitFor({ state: 'hidden' })
    expect(await edit.getByLabel('Description').inputValue()).toBe('Long, in dark red, wool not acrylic.')
    expect(new URL(page.url()).searchParams.get('modal')).toBe('edit')

    await page.touchscreen.tap(180, 8)
    await question(page).waitFor()
    await question(page).getByRole('button', { name: 'Discard' }).tap()
    await edit.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: `Edit ${name}` }).tap()
    expect(await page.getByRole('dialog', { name: 'Edit product' }).getByLabel('Description').inputValue()).not.toBe('Long, in dark red, wool not acrylic.')
  })
})

describe('two tabs', () => {
  it("an item deleted in one tab: the other tab's open Edit says so, keeps the typing and saves it as a new product", async () => {
    const owner = await newOwner()
    const name = uniqueName('Red Scarf')
    await createItemByApi(owner, name)
    const tabB = await dashboard(owner, name)
    const tabA = await tabB.context().newPage()
    await tabA.goto('/dashboard')
    await tabB.getByRole('link', { name: `Edit ${name}` }).click()
    const edit = tabB.getByRole('dialog', { name: 'Edit product' })
    await edit.getByLabel('Description').fill('Typed in tab B before the other tab deleted it.')

    await tabA.getByRole('button', { name: `Delete ${name}` }).click()
    await tabA.getByRole('dialog', { name: 'Delete product' }).getByRole('button', { name: 'Delete' }).click()
    await edit.getByText('This product was deleted on another device or tab.').waitFor()
    expect(await edit.getByLabel('Description').inputValue()).toBe('Typed in tab B before the other tab deleted it.')
    expect(await edit.getByLabel('Product Name').inputValue()).toBe(name)
    await edit.getByRole('button', { name: 'Save as new product' }).click()
    await edit.waitFor({ state: 'hidden' })
    await tabA.getByRole('link', { name: `Edit ${name}` }).waitFor()
  })

  it("settings saved in one tab: the other says so quietly, and 'Show the new values' asks before replacing typing", async () => {
    const owner = await newOwner()
    const ctx = await signedIn(owner)
    const tabA = await ctx.newPage()
    const tabB = await ctx.newPage()
    for (const tab of [tabA, tabB]) {
      await tab.goto('/profile/edit')
      await tab.getByLabel('Description').waitFor()
    }
    await tabA.getByLabel('Description').fill('Saved in tab A')
    await tabA.getByRole('button', { name: 'Save' }).click()
    const notice = tabB.getByRole('status').filter({ hasText: 'These settings changed on another device or tab.' })
    await notice.waitFor()
    expect(await tabB.getByLabel('Description').inputValue()).not.toBe('Saved in tab A')
    await tabB.getByLabel('Contact info').fill('Typed in tab B')
    await notice.getByRole('button', { name: 'Show the new values' }).click()
    await question(tabB).getByText('Your unsaved changes here will be replaced by the new values.').waitFor()
    await question(tabB).getByRole('button', { name: 'Replace them' }).click()
    await notice.waitFor({ state: 'hidden' })
    expect(await tabB.getByLabel('Description').inputValue()).toBe('Saved in tab A')
    expect(await tabB.getByLabel('Contact info').inputValue()).toBe('')
  })
})

describe('/profile/edit, keyboard only at 1440', () => {
  it('leaving with changes asks; Save keeps the focus; the link rows move the focus to the new URL and the next remove', async () => {
    const owner = await newOwner()
    const page = await (await signedIn(owner)).newPage()
    await page.goto('/profile/edit')
    await page.getByLabel('Description').fill('A long profile description I have not saved yet')
    await page.getByRole('link', { name: 'Wishlist' }).first().click()
    await question(page).waitFor()
    // Polled: the question's focus trap takes the focus a frame after it shows.
    await expect.poll(() => focused(page)).toBe('Keep editing')
    await page.keyboard.press('Enter')
    await question(page).waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/profile/edit')
    expect(await page.getByLabel('Description').inputValue()).toBe('A long profile description I have not saved yet')

    await page.getByRole('radio', { name: 'Social links' }).check()
    await page.getByRole('button', { name: 'Add link' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('URL of link 1')
    await page.keyboard.type('https://github.com/me')
    await page.getByRole('button', { name: 'Add Instagram link' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('URL of link 2')
    await page.keyboard.type('https://instagram.com/me')
    await page.getByRole('button', { name: 'Remove link 1' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('Remove link 1')
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toBe('Add link')

    await page.getByRole('button', { name: 'Save' }).focus()
    await page.keyboard.press('Enter')
    await page.locator('.mantine-Notification-title', { hasText: /Saved/ }).first().waitFor()
    expect(await focused(page)).toBe('Save')
    await page.getByRole('link', { name: 'Wishlist' }).first().click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await question(page).count()).toBe(0)
  })
})
