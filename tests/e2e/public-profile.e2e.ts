// The visitor's page end to end (/profile/{shareableId}): each profile type, the simulated purchase and its failures,
// the server-embedded fast path, and the saved copy a re-scan opens offline.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { confirmPurchase, giftCard, registerByApi } from './helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

const OwnProfileSchema = v.object({ id: v.string(), shareableId: v.string() })
const CreatedItemSchema = v.object({ id: v.string() })

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : null }
}

type ItemInput = { name: string; price: number; productUrl?: string }

/** A fresh owner whose profile has `settings` and one wishlist item per entry of `items`. */
async function ownerWith(settings: Record<string, unknown>, items: ItemInput[] = []) {
  const user = await registerByApi()
  const own = v.parse(OwnProfileSchema, (await api('/api/profiles', { token: user.token })).json)
  const saved = await api('/api/profiles', { method: 'PUT', token: user.token, body: settings })
  if (saved.status !== 200) throw new Error(`PUT /api/profiles failed: ${saved.status} ${JSON.stringify(saved.json)}`)
  const itemIds: string[] = []
  for (const item of items) {
    const body = { description: 'A gift I would truly enjoy.', brand: 'Acme', ...item }
    const created = await api(`/api/wishlist-items/profile/${own.id}`, { method: 'POST', token: user.token, body })
    if (created.status !== 201) throw new Error(`create item failed: ${created.status} ${JSON.stringify(created.json)}`)
    itemIds.push(v.parse(CreatedItemSchema, created.json).id)
  }
  return { user, shareableId: own.shareableId, itemIds }
}

const card = (name: string): Locator => giftCard(page, name)

describe('wishlist profile', () => {
  it("shows the owner's name, description, stats and item cards with euro prices, 'No image' and a safe 'View' link", async () => {
    const { user, shareableId } = await ownerWith({ description: 'Coffee and climbing', profileType: 'WISHLIST' }, [
      { name: 'Espresso cups', price: 12.5, productUrl: 'https://shop.example/cups' },
      { name: 'Climbing chalk', price: 7 },
    ])
    await page.goto(`/profile/${shareableId}`)
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor()
    await page.getByText('Coffee and climbing').waitFor()
    await page.getByText('2 items').waitFor()
    await page.getByText('0 purchased').waitFor()
    await card('Espresso cups').getByText('€12.50').waitFor()
    await card('Climbing chalk').getByText('€7.00').waitFor()
    expect(await page.getByText('No image', { exact: true }).count()).toBe(2)
    const view = card('Espresso cups').getByRole('link', { name: 'View' })
    expect(await view.getAttribute('href')).toBe('https://shop.example/cups')
    expect(await view.getAttribute('target')).toBe('_blank')
    expect(await view.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(await card('Climbing chalk').getByRole('link', { name: 'View' }).count()).toBe(0)
  })

  it("Purchase first shows the gift and its price on a sheet; confirmed: 'Processing payment...', 'Payment successful!', the thank-you modal with the email button, and Purchased — also after a reload", async () => {
    const { shareableId } = await ownerWith({ contactInfo: 'owner-mail@example.com' }, [{ name: 'Espresso cups', price: 99999.99 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
    const sheet = page.getByRole('dialog', { name: 'Confirm your gift' })
    await sheet.getByText('Espresso cups').waitFor()
    await sheet.getByText('€99,999.99').first().waitFor()
    // Nothing has started: no payment runs behind the sheet.
    expect(await card('Espresso cups').getByText('Processing payment...').count()).toBe(0)
    await sheet.getByRole('button', { name: 'Cancel' }).click()
    await sheet.waitFor({ state: 'hidden' })
    expect(await card('Espresso cups').getByText('Processing payment...').count()).toBe(0)

    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
    await confirmPurchase(page)
    await card('Espresso cups').getByText('Processing payment...').waitFor()
    expect(await card('Espresso cups').getByRole('button', { name: 'Purchase' }).count()).toBe(0)

    await page.getByText('Payment successful!').waitFor()
    const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
    await thanks.waitFor()
    expect(await thanks.getByRole('link', { name: 'Email owner-mail@example.com' }).getAttribute('href')).toBe('mailto:owner-mail@example.com')
    await thanks.getByRole('button', { name: 'Send message' }).waitFor()
    await page.keyboard.press('Escape')
    await card('Espresso cups').getByText('Purchased').waitFor()
    await page.getByText('1 purchased').waitFor()

    await page.reload()
    await card('Espresso cups').getByText('Purchased').waitFor()
    expect(await card('Espresso cups').getByRole('button', { name: 'Purchase' }).count()).toBe(0)
  })

  it("no made-up address when the owner gave no contact info; the message marks empty fields and is stored with the purchase for the owner", async () => {
    const { user, shareableId } = await ownerWith({ contactInfo: '' }, [{ name: 'Climbing chalk', price: 7 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Climbing chalk').getByRole('button', { name: 'Purchase' }).click()
    await confirmPurchase(page)
    const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
    await thanks.getByText(`${user.username} has not shared contact details.`, { exact: false }).waitFor()
    expect(await thanks.getByRole('link').count()).toBe(0)
    expect(await page.content()).not.toContain('qrtee.example')

    await thanks.getByRole('button', { name: 'Send message' }).click()
    const dialog = page.getByRole('dialog', { name: /Send a message/ })
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog.getByText('Please fill in all fields').waitFor()
    // Each empty field is marked on the field itself, and the first one gets the focus.
    expect(await dialog.getByLabel('Your Email').getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.getByLabel('Message').getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.getByLabel('Your Email').evaluate((input) => input === document.activeElement)).toBe(true)
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    expect(await dialog.getByLabel('Your Email').getAttribute('aria-invalid')).toBe('false')
    await dialog.getByLabel('Message').fill('Enjoy the chalk!')
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByText('Message sent').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    const records = await api('/api/purchase-records', { token: user.token })
    expect(records.json).toEqual([expect.objectContaining({ visitorEmail: 'visitor@example.com', visitorMessage: 'Enjoy the chalk!' })])
  })

  it('a toast shown while a dialog is open sits above its backdrop, not dimmed behind it', async () => {
    const { shareableId } = await ownerWith({ contactInfo: '' }, [{ name: 'Climbing chalk', price: 7 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Climbing chalk').getByRole('button', { name: 'Purchase' }).click()
    await confirmPurchase(page)
    const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
    await thanks.waitFor()
    // 'Payment successful!' shows while the thank-you modal is open: it is the topmost element where it is drawn.
    const toast = page.getByText('Payment successful!')
    await toast.waitFor()
    const topmost = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return hit !== null && (hit === element || element.contains(hit) || hit.contains(element))
    })
    expect(topmost).toBe(true)
    expect(await page.getByText('Payment successful!').count()).toBe(1)
  })

  it("a gift bought by someone else meanwhile: 'Payment failed', 'This gift was just bought by someone else.', no thanks, then Purchased", async () => {
    const { shareableId, itemIds } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
    await confirmPurchase(page)
    const other = await api(`/api/public/profiles/${shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemIds[0] } })
    expect(other.status).toBe(201)

    await page.getByText('Payment failed').waitFor()
    await page.getByText('This gift was just bought by someone else.').waitFor()
    expect(await page.getByRole('dialog', { name: 'Thank you for your gift!' }).count()).toBe(0)
    // The page reloads the profile, so the other visitor's purchase shows.
    await card('Espresso cups').getByText('Purchased').waitFor()
  })

  it("offline: Purchase is disabled with the reason, before any waiting; a connection lost during the payment says 'Nothing was charged'", { tags: [WITH_SERVICE_WORKER] }, async () => {
    const { shareableId } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    const purchase = card('Espresso cups').getByRole('button', { name: 'Purchase' })
    await expect.poll(() => purchase.isEnabled()).toBe(true)
    await context.setOffline(true)
    const reason = page.getByText('You are offline. Purchasing needs a connection; try again when you are back online.')
    await reason.waitFor()
    await expect.poll(() => purchase.isDisabled()).toBe(true)
    const describedBy = await purchase.getAttribute('aria-describedby')
    expect(describedBy).toBe(await reason.getAttribute('id'))
    await context.setOffline(false)
    await expect.poll(() => purchase.isEnabled()).toBe(true)
    expect(await reason.count()).toBe(0)

    await purchase.click()
    await confirmPurchase(page)
    await card('Espresso cups').getByText('Processing payment...').waitFor()
    await context.setOffline(true)
    await page.getByText('You are offline. Nothing was charged; try again when you are back online.').waitFor()
    expect(await card('Espresso cups').getByText('Purchased').count()).toBe(0)
  })

  it('bought gifts move to the end of the wishlist', async () => {
    const { shareableId, itemIds } = await ownerWith({}, [
      { name: 'First gift', price: 1 },
      { name: 'Second gift', price: 2 },
      { name: 'Third gift', price: 3 },
    ])
    await api(`/api/public/profiles/${shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemIds[0] } })
    await page.goto(`/profile/${shareableId}`)
    await card('Third gift').waitFor()
    const names = await page.getByRole('list', { name: 'Wishlist' }).getByRole('heading', { level: 2 }).allTextContents()
    expect(names).toEqual(['Second gift', 'Third gift', 'First gift'])
  })

  it("shows 'No products in wishlist' for an empty wishlist", async () => {
    const { shareableId } = await ownerWith({ profileType: 'WISHLIST' })
    await page.goto(`/profile/${shareableId}`)
    await page.getByText('No products in wishlist').waitFor()
  })

  it('paints from the copy the server embedded in the page, even when the API cannot be reached', async () => {
    const { user, shareableId } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.route('**/api/profiles/**', (route) => route.abort())
    await page.goto(`/profile/${shareableId}`)
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor()
    await card('Espresso cups').waitFor()
    expect(await page.getByText('Error loading profile').count()).toBe(0)
  })
})

describe('other profile types', () => {
  it('custom text shows as plain text with its line breaks, never as HTML, with social link icon buttons', async () => {
    const { shareableId } = await ownerWith({
      profileType: 'CUSTOM_TEXT',
      customText: 'Hello <b>there</b>\nSecond line',
      socialLinks: [{ platform: 'Instagram', url: 'https://instagram.com/someone' }],
    })
    await page.goto(`/profile/${shareableId}`)
    await page.getByText('Hello <b>there</b>').waitFor()
    expect(await page.locator('b', { hasText: 'there' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/someone')
  })

  it("blank custom text says 'No custom text is configured for this profile.'", async () => {
    const { shareableId } = await ownerWith({ profileType: 'CUSTOM_TEXT', customText: '' })
    await page.goto(`/profile/${shareableId}`)
    await page.getByText('No custom text is configured for this profile.').waitFor()
  })

  it("social links show the 'My social links' list", async () => {
    const { shareableId } = await ownerWith({
      profileType: 'SOCIAL_LINKS',
      socialLinks: [
        { platform: 'GitHub', url: 'https://github.com/someone' },
        { platform: 'Email', url: 'mailto:someone@example.com' },
      ],
    })
    await page.goto(`/profile/${shareableId}`)
    await page.getByRole('heading', { name: 'My social links' }).waitFor()
    expect(await page.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/someone')
    expect(await page.getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:someone@example.com')
  })

  it('a redirect profile sends the browser to its address at once', async () => {
    const target = `${baseUrl()}/help-center`
    const { shareableId } = await ownerWith({ profileType: 'REDIRECT', redirectUrl: target })
    await page.goto(`/profile/${shareableId}`)
    await page.waitForURL(target)
  })

  it("a redirect profile without an address says 'No redirect URL is configured for this profile.'", async () => {
    const { shareableId } = await ownerWith({ profileType: 'REDIRECT', redirectUrl: '' })
    await page.goto(`/profile/${shareableId}`)
    await page.getByText('No redirect URL is configured for this profile.').waitFor()
  })

  it("an unknown profile and a hidden one both say the Help Center's 'not available'", async () => {
    await page.goto('/profile/zzzzzzzzzz')
    await page.getByText('This profile is not available.', { exact: false }).waitFor()
    // One 404 for both, so a mistyped address is not told that an owner switched it off.
    await page.getByText('The address may be wrong, or its owner may have switched it off.', { exact: false }).waitFor()
    expect(await page.getByText('may not exist or there was a server error', { exact: false }).count()).toBe(0)

    const { shareableId } = await ownerWith({ isPublic: false }, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await page.getByText('Profile not available').waitFor()
    await page.getByText('This profile is not available.', { exact: false }).waitFor()
  })

  it('a server that does not answer is said in words, never raw, with Try again', async () => {
    let failing = true
    await page.route('**/api/profiles/**', (route) => (failing ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.fallback()))
    await page.goto('/profile/zzzzzzzzzz')
    await page.getByText('The server did not answer').waitFor()
    expect(await page.getByText(/503|Service Unavailable|Failed to fetch/).count()).toBe(0)
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('This profile is not available.', { exact: false }).waitFor()
  })
})

describe('offline re-scan', { tags: [WITH_SERVICE_WORKER] }, () => {
  it("opens the saved copy and says 'You are offline. Showing a saved copy from ...'", async () => {
    const { user, shareableId } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // Once the worker controls the page, the profile request goes through it and is saved.
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await card('Espresso cups').waitFor()
    await page.evaluate(async (id) => void (await fetch(`/api/profiles/${id}`, { cache: 'no-cache' })), shareableId)

    await context.setOffline(true)
    await page.reload()
    await page.getByText(/^You are offline\. Showing a saved copy from .+\.$/).waitFor()
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor()
  })

  it("back online, the saved copy gives way to the owner's current profile without a reload, and the notice follows the connection", async () => {
    const { user, shareableId } = await ownerWith({ description: 'Old words' }, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/profiles/${id}`)), shareableId)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    const notice = page.getByText(/Showing a saved copy from .+\.$/)
    await page.getByText(/^You are offline\. Showing a saved copy from .+\.$/).waitFor()
    await page.getByText('Old words').waitFor()

    // Meanwhile the owner rewrites the description; the phone finds a network again, and nobody taps anything.
    const saved = await api('/api/profiles', { method: 'PUT', token: user.token, body: { description: 'New words' } })
    expect(saved.status).toBe(200)
    await context.setOffline(false)
    await page.getByText('New words').waitFor({ timeout: 20_000 })
    expect(await notice.count()).toBe(0)
    await card('Espresso cups').waitFor()
  })

  it('opens the saved copy when the server answers 5xx, saying the server did not answer; without a copy the error stands', async () => {
    const { user, shareableId } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    const never = await ownerWith({}, [{ name: 'Climbing chalk', price: 7 }])
    await page.goto(`/profile/${shareableId}`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/profiles/${id}`)), shareableId)).toBe(true)

    // The context's route also sees the worker's own requests: the server's database is down.
    await context.route('**/api/profiles/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The database is not available right now.' }) }),
    )
    await page.reload()
    await page.getByText(/^The server did not answer\. Showing a saved copy from .+\.$/).waitFor()
    await card('Espresso cups').waitFor()
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor()

    await page.goto(`/profile/${never.shareableId}`)
    await page.getByText('The server did not answer').first().waitFor()
    expect(await card('Climbing chalk').count()).toBe(0)
    await context.unroute('**/api/profiles/**')
  })

  it('a profile never saved on this device, opened offline, says it needs a connection, and opens once online', async () => {
    const first = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    const never = await ownerWith({}, [{ name: 'Climbing chalk', price: 7 }])
    await page.goto(`/profile/${first.shareableId}`)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

    await context.setOffline(true)
    await page.goto(`/profile/${never.shareableId}`)
    await page.getByText('No connection').waitFor()
    await page.getByText('This profile has not been saved on this device yet', { exact: false }).waitFor()
    expect(await page.getByText(/may not exist|Failed to fetch/).count()).toBe(0)
    // No tap needed: the page tries again once the phone is back online.
    await context.setOffline(false)
    await card('Climbing chalk').waitFor()
  })
})
