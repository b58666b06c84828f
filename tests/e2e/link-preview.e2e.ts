// Issue 28 on a phone: paste a shop's link into the product form, see the fields and the picture fill, save, and see
// the visitor's card with our own copy of the picture and a working 'View' link, with no request to another host.
import type { BrowserContext, Page } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import { freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { createItemByApi, eventually, expectToast, fillProduct, newOwner, openDashboardAs, serverItems } from './owner-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

it('paste a shop link at 360x740: fields and picture fill, Save, and the visitor card shows our image and View', async () => {
  const shopUrl = `${inject('shopOrigin')}/product`
  await page.setViewportSize({ width: 360, height: 740 })
  const owner = await newOwner()
  await openDashboardAs(page, owner)
  await page.getByRole('link', { name: 'Add wishlist item' }).click()
  const dialog = page.getByRole('dialog', { name: 'New product' })
  const link = dialog.getByLabel('Product link')
  await link.waitFor()
  // A real paste from the clipboard, so the browser's own insertion happens too (a synthetic event has none).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate((text) => navigator.clipboard.writeText(text), shopUrl)
  await link.click()
  await page.keyboard.press('Control+V')
  await expect.poll(() => dialog.getByLabel('Product Name').inputValue(), { timeout: 20_000 }).toBe('Enamel Camping Mug')
  expect(await dialog.getByLabel('Brand').inputValue()).toBe('Trail Co')
  expect(await dialog.getByLabel('Price').inputValue()).toBe('24.9')
  expect(await dialog.getByLabel('Description').inputValue()).toBe('A sturdy enamel mug for coffee by the fire, 350 ml.')
  expect(await link.inputValue()).toBe(shopUrl)
  expect(await dialog.getByTestId('link-preview-note').textContent()).toContain('From the page: name, brand, description, price, image')
  const preview = dialog.getByRole('img', { name: 'Product image preview' })
  await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/api\/uploads\//)

  await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
  await eventually(async () => {
    const [item] = await serverItems(owner)
    return item ? { name: item.name, productUrl: item.productUrl, stored: typeof item.storedImageId === 'string' } : undefined
  }).toEqual({ name: 'Enamel Camping Mug', productUrl: shopUrl, stored: true })

  // The visitor's page: every request it makes goes to our origin.
  const visitor = await context.newPage()
  const hosts = new Set<string>()
  visitor.on('request', (request) => {
    if (!request.url().startsWith('data:') && !request.url().startsWith('blob:')) hosts.add(new URL(request.url()).origin)
  })
  await visitor.setViewportSize({ width: 360, height: 740 })
  await visitor.goto(`/profile/${owner.shareableId}`)
  const card = visitor.locator('.qv-card', { hasText: 'Enamel Camping Mug' })
  const image = card.getByRole('img', { name: 'Enamel Camping Mug' })
  await expect.poll(() => image.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true)
  expect(await image.getAttribute('src')).toMatch(/^\/api\/uploads\//)
  const view = card.getByRole('link', { name: 'View' })
  expect(await view.getAttribute('href')).toBe(shopUrl)
  expect(await view.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  expect(await view.getAttribute('target')).toBe('_blank')
  expect([...hosts]).toEqual([new URL(visitor.url()).origin])
  const [shopPage] = await Promise.all([context.waitForEvent('page'), view.click()])
  await shopPage.waitForLoadState('domcontentloaded')
  expect(shopPage.url()).toBe(shopUrl)
})

it('a visitor page whose data still names an external image (an old copy) makes no request to another host', async () => {
  const owner = await newOwner()
  await createItemByApi(owner, 'Gift with an old picture')
  const external = `${inject('shopOrigin')}/img/photo.jpg`
  // The document as a server or a saved copy from before issue 28 would carry it: the item's image on another host.
  await page.route(`**/profile/${owner.shareableId}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('"imageUrl":null', `"imageUrl":${JSON.stringify(external)}`)
    expect(body).toContain(external)
    await route.fulfill({ response, body })
  })
  const origins = new Set<string>()
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin)
  })
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/profile/${owner.shareableId}`)
  const card = page.locator('.qv-card', { hasText: 'Gift with an old picture' })
  await card.getByText('No image').waitFor()
  await page.waitForLoadState('networkidle')
  expect([...origins]).toEqual([new URL(page.url()).origin])
})

it('offline, Fill from link says it needs a connection, and the link is still saved with the item', { tags: [WITH_SERVICE_WORKER] }, async () => {
  const shopUrl = `${inject('shopOrigin')}/p/usd`
  await page.setViewportSize({ width: 360, height: 740 })
  const owner = await newOwner()
  await openDashboardAs(page, owner)
  await page.getByRole('link', { name: 'Add wishlist item' }).click()
  const dialog = page.getByRole('dialog', { name: 'New product' })
  await dialog.getByLabel('Product link').waitFor()
  await context.setOffline(true)
  const fill = dialog.getByRole('button', { name: 'Fill from link' })
  await dialog.getByText('Filling from a link needs a connection. The link is still saved with the item.').waitFor()
  expect(await fill.isDisabled()).toBe(true)
  expect(await fill.getAttribute('aria-describedby')).toBe('product-link-offline-note')
  await dialog.getByLabel('Product link').fill(shopUrl)
  await fillProduct(dialog, 'Headlamp typed offline')
  await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
  await context.setOffline(false)
  await eventually(async () => (await serverItems(owner)).map((item) => [item.name, item.productUrl])).toEqual([['Headlamp typed offline', shopUrl]])
})
