// The full product pages keep typing as the dialogs do (decision 205), at 360x740 touch: leaving /products/new or
// /products/{id} with changes asks 'Discard your changes?', a reload gets the browser's question; nothing asks without
// changes, after Save, or after Cancel (the owner's own choices).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { SIGNED_OUT_WORDS } from '../../src/ui/unsaved-changes.tsx'
import { expiredToken } from './offline-helpers.ts'
import { api, createItemByApi, newOwner, type Owner, serverItems, signedInPageAt, uniqueName } from './owner-helpers.ts'

const touchContext = touchContextPerTest()

const phone = async (owner: Owner, path: string): Promise<Page> => signedInPageAt(await touchContext(360), owner, path)

const question = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' })
const homeLink = (page: Page) => page.locator('header').getByRole('link', { name: 'QR Tee' })
const isFocused = (page: Page, label: string) => page.getByLabel(label).evaluate((field) => field === document.activeElement)

describe('/products/new at 360x740 touch', () => {
  it('a header link with a typed name asks; Keep editing keeps the text and the focus, Discard leaves; a reload gets the browser question', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    await page.getByLabel('Product Name').tap()
    await page.keyboard.type('Hand-made ceramic teapot')

    await homeLink(page).tap()
    await question(page).waitFor()
    await question(page).getByRole('button', { name: 'Keep editing' }).tap()
    await question(page).waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/products/new')
    expect(await page.getByLabel('Product Name').inputValue()).toBe('Hand-made ceramic teapot')
    await expect.poll(() => isFocused(page, 'Product Name')).toBe(true)

    // The browser's own question; dismissed, the page and its typing stay.
    const asked = page.waitForEvent('dialog')
    await page.evaluate(() => void setTimeout(() => location.reload()))
    const dialog = await asked
    expect(dialog.type()).toBe('beforeunload')
    await dialog.dismiss()
    expect(await page.getByLabel('Product Name').inputValue()).toBe('Hand-made ceramic teapot')

    await homeLink(page).tap()
    await question(page).getByRole('button', { name: 'Discard' }).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
    expect(await question(page).count()).toBe(0)
  })

  it('without typing a header link leaves at once; after Save and after Cancel nothing asks', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    await homeLink(page).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await question(page).count()).toBe(0)

    await page.goto('/products/new')
    const name = uniqueName('Road bike')
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('Brand').fill('Acme')
    await page.getByLabel('Price').fill('49.99')
    await page.getByLabel('Description').fill('A light road bike in size M, please.')
    await page.getByRole('button', { name: 'Save' }).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByRole('link', { name: `Edit ${name}` }).waitFor()
    expect(await question(page).count()).toBe(0)

    // Cancel is the owner's own choice, as in the dialog: typing or not, it leaves without asking.
    await page.goto('/products/new')
    await page.getByLabel('Product Name').fill('Typed, then cancelled')
    await page.getByRole('button', { name: 'Cancel' }).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await question(page).count()).toBe(0)
  })
})

describe('the session ends elsewhere while a product page has typing', () => {
  it('the question says why; Keep editing and Save keep it on this device, and it reaches the server after sign-in', async () => {
    const owner = await newOwner()
    const page = await phone(owner, '/products/new')
    await page.getByRole('heading', { name: 'New product' }).waitFor()
    const name = uniqueName('Typed while signed out')
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('Brand').fill('Acme')
    await page.getByLabel('Price').fill('12.50')
    await page.getByLabel('Description').fill('Typed before the session ended elsewhere.')
    // This device's session is ended on the server and its access token runs out: the next sync call is refused.
    expect((await api('/api/auth/logout', { method: 'POST', body: { refreshToken: owner.refreshToken } })).status).toBeLessThan(300)
    await page.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(owner.token))
    await page.context().setOffline(true)
    await page.context().setOffline(false)

    await question(page).getByText(SIGNED_OUT_WORDS.message ?? '').waitFor({ timeout: 20_000 })
    await question(page).getByRole('button', { name: 'Keep editing' }).tap()
    expect(new URL(page.url()).pathname).toBe('/products/new')
    expect(await page.getByLabel('Product Name').inputValue()).toBe(name)
    await page.getByRole('button', { name: 'Save' }).tap()
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 })
    expect(await question(page).count()).toBe(0)

    await page.getByLabel('Email').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()
    await expect.poll(async () => (await serverItems(owner)).map((item) => item.name), { timeout: 20_000 }).toContain(name)
  })
})

describe('/products/{id} at 360x740 touch', () => {
  it('a tab link with a changed description asks; Discard leaves the item as it was', async () => {
    const owner = await newOwner()
    const name = uniqueName('Red Scarf')
    const id = await createItemByApi(owner, name)
    const page = await phone(owner, `/products/${id}`)
    await page.getByRole('heading', { name: 'Edit product' }).waitFor()
    await page.getByLabel('Description').fill('Long, in dark red, wool not acrylic.')
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).tap()
    await question(page).waitFor()
    await question(page).getByRole('button', { name: 'Discard' }).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('view') === 'profile')
    await page.goto(`/products/${id}`)
    await page.getByLabel('Description').waitFor()
    expect(await page.getByLabel('Description').inputValue()).toBe('Something I would enjoy a lot.')
  })
})
