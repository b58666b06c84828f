// The Order tab end to end in Chromium. Against a server of its own whose PRINTFUL_API_URL is the fake Printful (the
// global server keeps the demo catalog the other specs see): model, size and quantity, a recipient in a country with
// states and one without, shipping, the draft order the fake receives with a print file that decodes to the owner's
// address, 'My orders' and a webhook's status; each validation and error text. Then the same journey on the demo.
import jsQR from 'jsqr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppLikeNpmStart } from '../app-server.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { baseUrl, launchBrowser, serviceWorkersOfEachTest, WITH_SERVICE_WORKER } from './browser.ts'
import { newUser } from './helpers.ts'
import { expectToast, newOwner, openDashboardAs, type Owner } from './owner-helpers.ts'

const SECRET = 'e2e-webhook-secret-0123456789'

let fake: FakePrintful
let printfulServer: AppServer
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  fake = await startFakePrintful()
  printfulServer = await startAppLikeNpmStart({
    RATE_LIMIT_SCALE: '20',
    PRINTFUL_TOKEN: fake.token,
    PRINTFUL_API_URL: fake.url,
    PRINTFUL_WEBHOOK_SECRET: SECRET,
  })
  browser = await launchBrowser()
})
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})
afterAll(async () => {
  await browser?.close()
  await printfulServer?.stop()
  await fake?.close()
})

const serviceWorkers = serviceWorkersOfEachTest()

async function pageOn(base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, serviceWorkers: serviceWorkers() })
  contexts.push(context)
  return context.newPage()
}

/** An owner registered on the Printful server (the helpers' newOwner registers on the global one). */
async function ownerOn(base: string): Promise<Owner> {
  const user = newUser()
  const registered = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(user) })
  const tokens = (await registered.json()) as { token: string; refreshToken: string }
  const profile = (await (await fetch(`${base}/api/profiles`, { headers: { Authorization: `Bearer ${tokens.token}` } })).json()) as { id: string; shareableId: string }
  return { ...user, ...tokens, profileId: profile.id, shareableId: profile.shareableId }
}

async function openOrderTab(page: Page, owner: Owner): Promise<void> {
  await openDashboardAs(page, owner)
  await page.getByRole('navigation', { name: 'Dashboard' }).getByText('Order', { exact: true }).click()
  await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true })
  await input.click()
  if ((await input.getAttribute('readonly')) === null) await input.fill(option)
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The model chosen in the Model group (wrapping radio choices), by its label. */
const checkedModel = (page: Page) =>
  page
    .getByRole('group', { name: 'Model' })
    .locator('label', { has: page.locator('input:checked') })
    .innerText()

const text = (page: Page, label: string) => page.getByLabel(label, { exact: true }).innerText()

async function fillRecipient(page: Page, r: { name: string; address: string; city: string; zip: string }): Promise<void> {
  await page.getByLabel('Full name', { exact: true }).fill(r.name)
  await page.getByLabel('Address', { exact: true }).fill(r.address)
  await page.getByLabel('City', { exact: true }).fill(r.city)
  await page.getByLabel('ZIP', { exact: true }).fill(r.zip)
}

async function decodePng(url: string): Promise<string | null> {
  const response = await fetch(url)
  expect(response.headers.get('content-type')).toBe('image/png')
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  expect(info.width).toBeGreaterThanOrEqual(3000)
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}

describe('Order tab against Printful (the fake)', () => {
  it('orders a shirt: model, size, quantity, a US then a German recipient, shipping, draft order with a scannable print file, then its status', async () => {
    const page = await pageOn(printfulServer.baseUrl)
    const owner = await ownerOn(printfulServer.baseUrl)
    await openOrderTab(page, owner)
    await expect.poll(() => page.getByText('Demo catalog', { exact: true }).count()).toBe(0)

    // The first product and its first variant are preselected.
    expect(await checkedModel(page)).toBe('Classic Tee')
    expect(await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'S', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expect(await text(page, 'Unit price')).toBe('€21.50')

    await page.getByRole('group', { name: 'Model' }).getByRole('radio', { name: 'Organic Tee', exact: true }).check()
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'L', exact: true }).click()
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('button', { name: 'Decrease quantity' }).click()
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2')
    expect(await text(page, 'Unit price')).toBe('€27.00')

    await fillRecipient(page, { name: 'Ada Lovelace', address: '1 Congress Ave', city: 'Austin', zip: '78701' })
    await choose(page, 'Country', 'United States')
    await choose(page, 'State', 'Texas')
    // Choosing the chosen country or state again keeps it (Mantine's default emptied the field; the quote then asked for it).
    await choose(page, 'Country', 'United States')
    await choose(page, 'State', 'Texas')
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).toBe('United States')
    expect(await page.getByRole('combobox', { name: 'State', exact: true }).inputValue()).toBe('Texas')
    await page.getByRole('button', { name: 'Calculate shipping' }).click()
    await expect.poll(() => page.getByRole('group', { name: 'Shipping rate' }).getByRole('radio', { checked: true }).getAttribute('value')).toBe('STANDARD')
    expect([await text(page, 'Subtotal'), await text(page, 'Shipping'), await text(page, 'Total')]).toEqual(['€54.00', '€8.00', '€62.00'])
    // The rates the quote brought take the focus (the button's loading state had dropped it), so a screen reader hears them.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('STANDARD')

    // A country without states: the state is cleared, a state code field replaces the selector, the quote is stale.
    await choose(page, 'Country', 'Germany')
    expect(await page.getByLabel('State code', { exact: true }).inputValue()).toBe('')
    expect(await page.getByRole('combobox', { name: 'State', exact: true }).count()).toBe(0)
    expect(await text(page, 'Shipping')).toBe('Calculate shipping first')
    await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1')
    await page.getByLabel('City', { exact: true }).fill('Berlin')
    await page.getByLabel('ZIP', { exact: true }).fill('10117')
    await page.getByRole('button', { name: 'Calculate shipping' }).click()
    await expect.poll(() => text(page, 'Total')).toBe('€59.75')

    await expectToast(page, 'Order created', () => page.getByRole('button', { name: 'Create draft order' }).click())
    // Focus goes back to the button, not to <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Create draft order')
    expect(fake.orders).toHaveLength(1)
    const sent = fake.orders[0]
    expect(sent?.recipient).toMatchObject({ name: 'Ada Lovelace', country_code: 'DE', city: 'Berlin', zip: '10117' })
    expect(sent?.items).toMatchObject([{ variant_id: 8854, quantity: 2, retail_price: '27.00' }])
    const fileUrl = sent?.items[0]?.files[0]?.url ?? ''
    expect(fileUrl).toBe(`${printfulServer.baseUrl}/api/public/print-files/${owner.shareableId}.png`)
    expect(await decodePng(fileUrl)).toBe(`${printfulServer.baseUrl}/profile/${owner.shareableId}`)

    const card = page.getByRole('article').filter({ hasText: 'Organic Tee · L × 2' })
    await card.waitFor()
    expect(await card.getByLabel('Status: draft').count()).toBe(1)
    expect(await card.innerText()).toContain('Total €59.75')

    // Printful ships the order; the webhook only tells the server to read it back (issue 27: the body is not trusted).
    fake.update(sent?.id ?? 0, { status: 'fulfilled', shipments: [{ carrier: 'DHL', tracking_number: 'JD014600', tracking_url: 'https://track.example/JD014600' }] })
    const hook = await fetch(`${printfulServer.baseUrl}/api/webhooks/printful/${SECRET}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'package_shipped',
        created: Math.floor(Date.now() / 1000),
        retries: 0,
        store: 1,
        data: { shipment: { carrier: 'DHL', tracking_number: 'JD014600', tracking_url: 'https://track.example/JD014600' }, order: { id: sent?.id, external_id: sent?.external_id, status: 'fulfilled' } },
      }),
    })
    expect(hook.status).toBe(200)
    // A tab change is a sync (spec: the profile is refreshed on each tab change); the order comes with it.
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await expect
      .poll(
        async () => {
          await nav.getByText('Dashboard', { exact: true }).click()
          await nav.getByText('Order', { exact: true }).click()
          return card.getByLabel('Status: fulfilled').count()
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1)
    expect(await card.getByRole('link', { name: 'Track package (DHL JD014600)' }).getAttribute('href')).toBe('https://track.example/JD014600')
  })

  it("shows each validation and error text: 'Missing information', 'Missing selection', 'Shipping error', 'Order error', loading and failure", async () => {
    const page = await pageOn(printfulServer.baseUrl)
    const owner = await ownerOn(printfulServer.baseUrl)
    await openOrderTab(page, owner)
    await page.getByLabel('Full name', { exact: true }).fill('')
    await expectToast(page, 'Missing information', () => page.getByRole('button', { name: 'Calculate shipping' }).click())
    await expectToast(page, 'Missing selection', () => page.getByRole('button', { name: 'Create draft order' }).click())

    await fillRecipient(page, { name: 'Grace Hopper', address: 'Main St 1', city: 'London', zip: 'SW1A 1AA' })
    await choose(page, 'Country', 'United Kingdom')
    fake.inject({ kind: 'error', status: 400, message: 'Recipient: Invalid ZIP code' })
    await expectToast(page, 'Shipping error', () => page.getByRole('button', { name: 'Calculate shipping' }).click())
    await page.getByText('Recipient: Invalid ZIP code').waitFor()

    await page.getByRole('button', { name: 'Calculate shipping' }).click()
    await expect.poll(() => text(page, 'Total')).toBe('€25.75')
    // The order's own shipping check answers, then Printful refuses the order itself.
    fake.inject({ kind: 'slow', ms: 0 }, { kind: 'error', status: 400, message: 'Item 0: Variant is discontinued' })
    await expectToast(page, 'Order error', () => page.getByRole('button', { name: 'Create draft order' }).click())
    await page.getByText('Item 0: Variant is discontinued').waitFor()

    // A slow, then failing catalog: the loading text first, then the failure text.
    const slow = await pageOn(printfulServer.baseUrl)
    await slow.route('**/api/public/printful/products', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) })
    })
    await openDashboardAs(slow, owner)
    await slow.getByRole('navigation', { name: 'Dashboard' }).getByText('Order', { exact: true }).click()
    await slow.getByText('Loading T-Shirt catalog...').waitFor()
    await slow.getByText('Failed to load products.').waitFor()
  })
})

describe('Order tab on the demo catalog (the global server)', () => {
  it('says it is a demo and runs the same journey: Canada with a province, draft order stored, shown in My orders', async () => {
    const page = await pageOn(baseUrl())
    const owner = await newOwner()
    await openOrderTab(page, owner)
    await page.getByText('Demo catalog', { exact: true }).waitFor()
    await page.getByText(/never sent to a printer/).waitFor()
    expect(await checkedModel(page)).toBe('Unisex Staple T-Shirt (demo)')
    expect(await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'XS', exact: true }).getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: '2XL', exact: true }).click()
    await page.getByLabel('Quantity', { exact: true }).fill('3')
    expect(await text(page, 'Unit price')).toBe('€26.50')

    await fillRecipient(page, { name: 'Margaret Hamilton', address: '100 Queen St W', city: 'Toronto', zip: 'M5H 2N2' })
    await choose(page, 'Country', 'Canada')
    await choose(page, 'State', 'Ontario')
    await page.getByRole('button', { name: 'Calculate shipping' }).click()
    await expect.poll(() => text(page, 'Total')).toBe('€90.99')
    expect([await text(page, 'Subtotal'), await text(page, 'Shipping')]).toEqual(['€79.50', '€11.49'])
    await page.getByRole('group', { name: 'Shipping rate' }).getByRole('radio', { name: 'Express (2-4 business days): €25.99', exact: true }).check()
    expect(await text(page, 'Total')).toBe('€105.49')

    await expectToast(page, 'Order created', () => page.getByRole('button', { name: 'Create draft order' }).click())
    const card = page.getByRole('article').filter({ hasText: 'Unisex Staple T-Shirt (demo) · 2XL × 3' })
    await card.getByText('Demo order: not sent to a printer.').waitFor()
    expect(await card.getByLabel('Status: draft').count()).toBe(1)
    const listed = (await (await fetch(`${baseUrl()}/api/orders`, { headers: { Authorization: `Bearer ${owner.token}` } })).json()) as { provider: string; totalCents: number }[]
    expect(listed).toEqual([expect.objectContaining({ provider: 'demo', totalCents: 10549 })])
  })

  it('offline: says so, keeps what was typed (remembered on this device), and disables the buttons', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const page = await pageOn(baseUrl())
    const owner = await newOwner()
    await openOrderTab(page, owner)
    await page.getByLabel('Full name', { exact: true }).fill('Katherine Johnson')
    await page.getByLabel('City', { exact: true }).fill('Hampton')
    await page.context().setOffline(true)
    await page.getByText(/^You are offline\. Ordering needs a connection/).waitFor()
    expect(await page.getByRole('button', { name: 'Calculate shipping' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Create draft order' }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Katherine Johnson')
    // Another tab and back, still offline: the form stays with the last catalog this device saw (issue 23).
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await nav.getByText('Dashboard', { exact: true }).click()
    await nav.getByText('Order', { exact: true }).click()
    await expect.poll(() => checkedModel(page)).toBe('Unisex Staple T-Shirt (demo)')
    expect(await page.getByText('Failed to load products.').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Calculate shipping' }).isDisabled()).toBe(true)
    // Missing information names only what is missing: a size is selected, so not 'Size' (the old toast said 'Choose a size').
    await page.context().setOffline(false)
    await page.getByLabel('Full name', { exact: true }).fill('')
    await expectToast(page, 'Missing information', () => page.getByRole('button', { name: 'Calculate shipping' }).click())
    await page.getByText('Fill in first: Full name, Address, ZIP.').waitFor()
    expect(await page.getByLabel('Full name', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Full name', { exact: true }).fill('Katherine Johnson')
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).getAttribute('aria-invalid')).not.toBe('true')
    await page.reload()
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Katherine Johnson')
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Hampton')
    expect(await page.getByRole('button', { name: 'Calculate shipping' }).isDisabled()).toBe(false)
  })
})
