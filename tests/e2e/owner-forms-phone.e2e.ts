// The owner's forms at 360x740 touch, where an exploratory tester found a number saved other than the one typed, a
// broken image accepted, a preview without its code offline, a hint promising mail and 42 px chips.
import jsQR from 'jsqr'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { baseUrl, touchContextPerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { installApp } from './offline-helpers.ts'
import { PROFILE_MESSAGES } from '../../src/contract/profile.ts'
import { api, eventually, expectToast, newOwner, type Owner, publicProfile, signedInPageAt, uniqueName } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'

const touchContext = touchContextPerTest()

const phone = async (owner: Owner, path: string): Promise<Page> => signedInPageAt(await touchContext(360), owner, path)

/** The text shown under a field (Mantine's error element, which the field names in aria-describedby). */
async function fieldError(page: Page, field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null
  const ids = (await field.getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()))
  return texts.join(' ').trim()
}

describe('New wishlist item: the price saved is the price typed', () => {
  it("'1.299,00' typed key by key is €1,299.00; '5.9999', '5.999' and '1,299' are refused on the field, not cut", async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    const name = uniqueName('Road bike')
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('Brand').fill('Acme')
    await page.getByLabel('Description').fill('A light road bike in size M, please.')
    const price = page.getByLabel('Price')
    expect(await price.getAttribute('inputmode')).toBe('decimal')

    const refusals: Array<[string, string]> = [
      ['5.9999', 'Price can have at most 2 decimals.'],
      ['5.999', 'Price is unclear: write it without a thousands separator (1299), or with its cents (1299.00 or 1.299,00).'],
      ['12.3456', 'Price can have at most 2 decimals.'],
      ['1,299', 'Price is unclear: write it without a thousands separator (1299), or with its cents (1299.00 or 1.299,00).'],
    ]
    for (const [typed, message] of refusals) {
      await price.fill('')
      await price.pressSequentially(typed)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => fieldError(page, price)).toBe(message)
      expect(await price.inputValue()).toBe(typed)
      expect(new URL(page.url()).pathname).toBe('/products/new')
    }

    await price.fill('')
    await price.pressSequentially('1.299,00')
    expect(await price.inputValue()).toBe('1.299,00')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const card = page.locator('.mantine-Card-root', { hasText: name }).first()
    await card.getByText('€1,299.00').waitFor()
  })
})

describe('New wishlist item: a file that is no image', () => {
  it('is refused on the image field at pick time, with no preview, and the typed fields stay', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    await page.getByLabel('Product Name').fill('Woollen socks')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Choose file' }).click()
    await (await chooser).setFiles({ name: 'notimage.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a picture\n') })
    await page.getByRole('alert').filter({ hasText: 'Could not upload image' }).waitFor()
    expect(await page.getByRole('img', { name: 'Product image preview' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Choose file' }).count()).toBe(1)
    expect(await page.getByLabel('Product Name').inputValue()).toBe('Woollen socks')
  })
})

describe('Order tab: the quantity field shows what is ordered', () => {
  it("'0', '2.5' and '250' stay as typed with the limits on the field and no subtotal; '7' is priced as 7", async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/dashboard?view=order')
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    const quantity = page.getByLabel('Quantity', { exact: true })
    await quantity.waitFor()
    expect(await quantity.getAttribute('inputmode')).toBe('numeric')
    const subtotal = page.getByLabel('Subtotal')
    for (const typed of ['0', '2.5', '250']) {
      await quantity.fill('')
      await quantity.pressSequentially(typed)
      await quantity.press('Tab')
      expect(await quantity.inputValue()).toBe(typed)
      expect(await fieldError(page, quantity)).toBe('Quantity must be a whole number from 1 to 100.')
      expect(await subtotal.textContent()).toBe('Correct the quantity first')
    }
    await quantity.fill('7')
    await quantity.press('Tab')
    expect(await fieldError(page, quantity)).toBeNull()
    const unit = Number((await page.getByLabel('Unit price').textContent())?.replace(/[^\d.]/g, ''))
    expect(await subtotal.textContent()).toBe(`€${(unit * 7).toFixed(2)}`)
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    expect(await quantity.inputValue()).toBe('8')
  })

  it('offline after a reload, the preview draws the printed code itself and says which address it opens', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/dashboard')
    await installApp(page, owner)
    await page.goto('/dashboard?view=order')
    await page.getByTestId('shirt-preview-code').waitFor({ state: 'attached' })
    await page.context().setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    const address = `${baseUrl()}/profile/${owner.shareableId}`
    await page.getByTestId('shirt-preview-note').filter({ hasText: address }).waitFor()
    const local = page.getByTestId('shirt-preview-local-code')
    const viewBox = (await local.getAttribute('viewBox')) ?? ''
    const path = (await local.locator('path').getAttribute('d')) ?? ''
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="600" height="600"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(address)
  })
})

describe('Profile settings on a server without mail', () => {
  it('the Email hint says no link was sent instead of promising one', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/profile/edit')
    await page.getByRole('heading', { name: 'Notifications' }).waitFor()
    await expect.poll(() => page.getByTestId('email-hint').textContent()).toBe('This server is not set up to send mail: no confirmation link was sent, and no notification goes out by email.')
    expect(await page.getByText('with the link we sent you', { exact: false }).count()).toBe(0)
  })
})

describe('Profile settings: a Redirect URL that is the profile\'s own address (decision 207)', () => {
  it('is marked on its field at Save and nothing is saved: the visitor page keeps the previous type; another address saves', async () => {
    const owner = await newOwner()
    expect((await api('/api/profiles', { method: 'PUT', token: owner.token, body: { profileType: 'CUSTOM_TEXT', customText: 'Hello from my shirt' } })).status).toBe(200)
    const page = await phone(owner, '/profile/edit')
    await page.getByRole('radio', { name: 'Redirect', exact: true }).check()
    const redirect = page.getByRole('textbox', { name: 'Redirect URL' })
    // What the Profile tab shows as the Public address, pasted.
    await redirect.fill(`${baseUrl()}/profile/${owner.shareableId}`)
    await expectToast(page, 'Not saved', () => page.getByRole('button', { name: 'Save' }).click())
    await page.getByText('The redirect URL is your own public address. Fix the marked field and save again.').waitFor()
    await expect.poll(() => fieldError(page, redirect)).toBe(PROFILE_MESSAGES.redirectLoop)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])

    const visitor = await page.context().newPage()
    await visitor.goto(`/profile/${owner.shareableId}`)
    await visitor.getByText('Hello from my shirt').waitFor()
    expect(new URL(visitor.url()).pathname).toBe(`/profile/${owner.shareableId}`)
    expect((await publicProfile(owner)).profileType).toBe('CUSTOM_TEXT')

    await redirect.fill('https://example.com/hello')
    await expectToast(page, 'Saved', () => page.getByRole('button', { name: 'Save' }).click())
    await eventually(async () => (await publicProfile(owner)).redirectUrl).toBe('https://example.com/hello')
  })
})

describe('Password fields on a touch screen', () => {
  it('Profile settings: each password input is itself at least 44 px tall, not only its bordered box', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/profile/edit')
    const inputs = page.locator('input[type=password]')
    await expect.poll(() => inputs.count()).toBeGreaterThanOrEqual(3)
    const heights = await inputs.evaluateAll((all) => all.map((input) => input.getBoundingClientRect().height))
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })
})

describe('Choice chips on a touch screen', () => {
  it.each([
    ['Purchases', '/dashboard?view=purchases', 'Period'],
    ['Order', '/dashboard?view=order', 'Model'],
    ['Profile settings', '/profile/edit', 'Profile type'],
  ])('%s: every radio is at least 44x44 px', async (_screen, path, group) => {
    const owner = await newOwner()
    const page = await phone(owner, path)
    await page.getByRole('group', { name: group }).getByRole('radio').first().waitFor()
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })
})
