// The owner's ordinary journeys end to end: wishlist items (add, image, delete), an offline edit, and a logout with
// unsynced changes; each checked on screen and on the server (settings and password: owner-settings.e2e.ts).
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { newUser, registerByApi, waitForServiceWorker } from './helpers.ts'
import {
  api,
  createItemByApi,
  eventually,
  expectToast,
  fillProduct,
  localItemNames,
  newOwner,
  openDashboardAs,
  pngOf,
  serverItemNamed,
  serverItems,
  syncBadgeText,
  uniqueName,
} from './owner-helpers.ts'

const SMALL_PNG = 'tests/fixtures/images/small.png'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

const card = (name: string): Locator => page.locator('.mantine-Card-root', { hasText: name })
const statValue = (label: string) => page.getByLabel(new RegExp(`^${label}: `)).getAttribute('aria-label')

/** The image a card shows has loaded (a blob: preview before sync, /api/uploads/... after). */
const cardImageLoaded = (name: string) =>
  card(name)
    .getByRole('img', { name, exact: true })
    .evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)
    .catch(() => false)

describe('wishlist items', () => {
  it("register, add an item through the dialog ('Product created'), see it in the grid and stats, and on the server after sync", async () => {
    const user = newUser()
    await page.goto('/register')
    await page.getByLabel('Username', { exact: true }).fill(user.username)
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText(`Welcome, ${user.username}!`).waitFor()
    await page.getByText('Your wishlist is empty.', { exact: false }).waitFor()
    expect(await statValue('Wishlist items')).toBe('Wishlist items: 0')

    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    for (const message of [
      'Product name must be at least 2 characters.',
      'Brand is required.',
      'Price must be a positive number.',
      'Description must be at least 10 characters.',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor()
    }

    const name = uniqueName('Blue hoodie')
    await fillProduct(dialog, name)
    await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).searchParams.get('modal')).toBeNull()
    await card(name).getByText('€49.99').waitFor()
    await expect.poll(() => statValue('Wishlist items')).toBe('Wishlist items: 1')

    const tokens = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '' }))
    const changes = async () => JSON.stringify((await api('/api/sync/changes?cursor=0', { token: tokens.token })).json)
    await eventually(changes).toContain(name)
    await eventually(() => syncBadgeText(page)).toMatch(/^Synced at /)
  })

  it('edit with an image: it shows on the card and the server item gets storedImageId; Replace changes it, Remove clears it', async () => {
    const owner = await newOwner()
    const name = uniqueName('Camera')
    await createItemByApi(owner, name)
    await openDashboardAs(page, owner)
    await card(name).waitFor()

    await page.getByRole('link', { name: `Edit ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit product' })
    await dialog.getByRole('button', { name: 'Choose file' }).waitFor()
    await dialog.locator('input[type=file]').setInputFiles(SMALL_PNG)
    await dialog.getByRole('img', { name: 'Product image preview' }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => cardImageLoaded(name)).toBe(true)
    await eventually(async () => (await serverItemNamed(owner, name))?.storedImageId ?? null).toMatch(/^[0-9a-f-]{36}$/)
    const firstImageId = (await serverItemNamed(owner, name))?.storedImageId

    await page.getByRole('link', { name: `Edit ${name}` }).click()
    await dialog.getByRole('button', { name: 'Replace' }).waitFor()
    await dialog.locator('input[type=file]').setInputFiles(await pngOf(page, 'red'))
    await eventually(async () => (await serverItemNamed(owner, name))?.storedImageId ?? null).not.toBe(firstImageId)
    expect((await serverItemNamed(owner, name))?.storedImageId).toMatch(/^[0-9a-f-]{36}$/)

    await dialog.getByRole('button', { name: 'Remove' }).click()
    await dialog.getByRole('button', { name: 'Choose file' }).waitFor()
    await eventually(async () => (await serverItemNamed(owner, name))?.storedImageId ?? null).toBeNull()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await card(name).getByText('No image').waitFor()
  })

  it("delete: the dialog says 'Deleting...', toast 'Deleted', and the item is gone here and on the server", async () => {
    const owner = await newOwner()
    const name = uniqueName('Lamp')
    await createItemByApi(owner, name)
    await openDashboardAs(page, owner)
    await card(name).waitFor()

    await page.getByRole('button', { name: `Delete ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete product' })
    // The local write is quick, so the busy label is caught by an observer rather than by looking at the right moment.
    await dialog.evaluate((element) => {
      const seen: string[] = []
      Object.assign(window, { seenButtonTexts: seen })
      new MutationObserver(() => element.querySelectorAll('button').forEach((button) => seen.push(button.textContent ?? ''))).observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    await expectToast(page, 'Deleted', () => dialog.getByRole('button', { name: 'Delete', exact: true }).click())
    expect(await page.evaluate(() => Reflect.get(window, 'seenButtonTexts'))).toContain('Deleting...')
    await dialog.waitFor({ state: 'hidden' })
    await card(name).waitFor({ state: 'detached' })
    await eventually(async () => (await serverItems(owner)).map((item) => item.name)).not.toContain(name)
  })

  /** A new owner's dashboard with `count` items in an 800x600 window, so the grid is taller than the window. */
  async function dashboardTallerThanWindow(prefix: string, count: number): Promise<string[]> {
    const owner = await newOwner()
    const names = Array.from({ length: count }, (_, n) => uniqueName(`${prefix} ${n}`))
    for (const name of names) await createItemByApi(owner, name)
    await page.setViewportSize({ width: 800, height: 600 })
    await openDashboardAs(page, owner)
    return names
  }

  it('the edit dialog: the description grows with its text and shrinks back, and the page under it does not scroll', async () => {
    const names = await dashboardTallerThanWindow('Scroll item', 9)
    await card(names[0] ?? '').waitFor()

    await page.getByRole('link', { name: `Edit ${names[0]}`, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit product' })
    const description = dialog.getByLabel('Description')
    await description.waitFor()
    const box = () => description.evaluate((area) => ({ height: area.getBoundingClientRect().height, hidden: area.scrollHeight - area.clientHeight }))
    const empty = await box()
    await description.fill('One\nTwo\nThree\nFour\nFive\nSix\nSeven')
    const long = await box()
    // Seven lines where three fit: the field is taller by about four lines and shows all of its text.
    expect(long.height).toBeGreaterThan(empty.height + 60)
    expect(long.hidden).toBeLessThanOrEqual(1)
    await description.fill('Short again.')
    expect((await box()).height).toBe(empty.height)

    // The wishlist is taller than the window, yet the wheel over the dialog's backdrop leaves it where it was.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
    const scrolled = await page.evaluate(() => window.scrollY)
    await page.mouse.move(20, 580)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(200)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.mouse.wheel(0, 400)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled)
  })

  it('editing a card far down the grid keeps the page where it was: behind the dialog, after Cancel, after Save', async () => {
    const names = await dashboardTallerThanWindow('Far item', 12)
    const last = names.at(-1) ?? ''
    const edit = page.getByRole('link', { name: `Edit ${last}`, exact: true })
    // Everything above the grid (the scan figures, the chart) has its size once the first sync has answered.
    await eventually(() => syncBadgeText(page)).toMatch(/^Synced at /)
    await edit.scrollIntoViewIfNeeded()
    const scrollY = () => page.evaluate(() => window.scrollY)
    // Cards drawn for the first time near the viewport take their real height (content-visibility), and the browser
    // keeps the view anchored: the position is the owner's once it stops moving.
    let scrolled = -1
    await expect.poll(async () => scrolled === (scrolled = await scrollY()), { interval: 300, timeout: 5_000 }).toBe(true)
    expect(scrolled).toBeGreaterThan(300)
    const dialog = page.getByRole('dialog', { name: 'Edit product' })

    await edit.click()
    await dialog.getByLabel('Product Name').waitFor()
    await page.waitForTimeout(300)
    expect(await scrollY()).toBe(scrolled)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForTimeout(300)
    expect(await scrollY()).toBe(scrolled)

    await edit.click()
    await dialog.getByLabel('Product Name').fill(`${last} renamed`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await card(`${last} renamed`).waitFor()
    await page.waitForTimeout(300)
    expect(await scrollY()).toBe(scrolled)

    // The browser's Back closes a dialog too, and the page is where it was.
    await page.getByRole('link', { name: `Edit ${last} renamed`, exact: true }).click()
    await dialog.getByLabel('Product Name').waitFor()
    // The address follows a frame after the dialog (decision 191): Back before it would leave the dashboard instead.
    await page.waitForURL((url) => url.searchParams.get('modal') === 'edit')
    await page.goBack()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForTimeout(300)
    expect(await scrollY()).toBe(scrolled)
  })
})

describe('offline edit', { tags: [WITH_SERVICE_WORKER] }, () => {
  it('an item added offline shows at once as pending and reaches the server when the network is back', async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    await waitForServiceWorker(page, () => page.getByText(`Welcome back, ${owner.username}!`).waitFor())
    await eventually(() => syncBadgeText(page)).toMatch(/^Synced at /)

    await context.setOffline(true)
    await eventually(() => syncBadgeText(page)).toBe('Offline')
    const name = uniqueName('Offline scarf')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await fillProduct(dialog, name)
    await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
    await card(name).waitFor()
    await eventually(() => syncBadgeText(page)).toBe('Offline · 1 pending')
    expect(await serverItemNamed(owner, name)).toBeUndefined()

    await context.setOffline(false)
    await eventually(async () => (await serverItemNamed(owner, name))?.price).toBe(49.99)
    await eventually(() => syncBadgeText(page)).toMatch(/^Synced at /)
  })
})

describe('logout', { tags: [WITH_SERVICE_WORKER] }, () => {
  it("with a pending change warns 'You have 1 change that is not synced yet'; after 'Log out anyway' another user sees none of it", async () => {
    const first = await newOwner()
    const kept = uniqueName('Synced mug')
    await createItemByApi(first, kept)
    await openDashboardAs(page, first)
    await waitForServiceWorker(page, () => page.getByText(`Welcome back, ${first.username}!`).waitFor())
    await card(kept).waitFor()

    await context.setOffline(true)
    const unsynced = uniqueName('Unsynced kite')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await fillProduct(dialog, unsynced)
    await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
    await card(unsynced).waitFor()

    await page.getByRole('button', { name: 'Logout' }).click()
    const warning = page.getByRole('dialog', { name: 'Log out?' })
    await warning.getByText('You have 1 change that is not synced yet', { exact: false }).waitFor()
    await warning.getByRole('button', { name: 'Cancel' }).click()
    await warning.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/dashboard')

    await page.getByRole('button', { name: 'Logout' }).click()
    await expectToast(page, 'Logged out', () => warning.getByRole('button', { name: 'Log out anyway' }).click())
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([null, null])
    await context.setOffline(false)

    const second = await registerByApi()
    await page.getByLabel('Email', { exact: true }).fill(second.email)
    await page.getByLabel('Password', { exact: true }).fill(second.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText(`Welcome back, ${second.username}!`).waitFor()
    await page.getByText('Your wishlist is empty.', { exact: false }).waitFor()
    const main = page.getByRole('main')
    expect(await main.getByText(kept).count()).toBe(0)
    expect(await main.getByText(unsynced).count()).toBe(0)
    expect(await localItemNames(page)).toEqual([])
    // The discarded change never reached the server; the synced item is still the first user's.
    expect((await serverItems(first)).map((item) => item.name)).toEqual([kept])
  })
})
