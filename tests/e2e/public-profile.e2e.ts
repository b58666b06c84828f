// The visitor's page end to end (/profile/{shareableId}): each profile type, the simulated purchase and its failures,
// the server-embedded fast path, and the saved copy a re-scan opens offline.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest } from './browser.ts'
import { giftCard, registerByApi } from './helpers.ts'

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

  it("Purchase shows 'Processing payment...', then 'Payment successful!', the thank-you modal with the email button, and Purchased — also after a reload", async () => {
    const { shareableId } = await ownerWith({ contactInfo: 'owner-mail@example.com' }, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
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

  it("offers the placeholder address when the owner gave no contact info, and the message dialog asks for 'Your Email' and 'Message'", async () => {
    const { shareableId } = await ownerWith({ contactInfo: '' }, [{ name: 'Climbing chalk', price: 7 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Climbing chalk').getByRole('button', { name: 'Purchase' }).click()
    const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
    expect(await thanks.getByRole('link', { name: 'Email owner@qrtee.example' }).getAttribute('href')).toBe('mailto:owner@qrtee.example')

    await thanks.getByRole('button', { name: 'Send message' }).click()
    const dialog = page.getByRole('dialog', { name: /Send a message/ })
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByText('Please fill in all fields').waitFor()
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByLabel('Message').fill('Enjoy the chalk!')
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByText('Message sent').waitFor()
    await dialog.waitFor({ state: 'hidden' })
  })

  it("a gift bought by someone else meanwhile: 'Payment failed', 'This gift was just bought by someone else.', no thanks, then Purchased", async () => {
    const { shareableId, itemIds } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
    const other = await api(`/api/public/profiles/${shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemIds[0] } })
    expect(other.status).toBe(201)

    await page.getByText('Payment failed').waitFor()
    await page.getByText('This gift was just bought by someone else.').waitFor()
    expect(await page.getByRole('dialog', { name: 'Thank you for your gift!' }).count()).toBe(0)
    // The page reloads the profile, so the other visitor's purchase shows.
    await card('Espresso cups').getByText('Purchased').waitFor()
  })

  it("offline: 'You are offline. Nothing was charged; try again when you are back online.' and nothing shows as bought", async () => {
    const { shareableId } = await ownerWith({}, [{ name: 'Espresso cups', price: 12.5 }])
    await page.goto(`/profile/${shareableId}`)
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).click()
    await context.setOffline(true)
    await page.getByText('You are offline. Nothing was charged; try again when you are back online.').waitFor()
    await card('Espresso cups').getByRole('button', { name: 'Purchase' }).waitFor()
    expect(await card('Espresso cups').getByText('Purchased').count()).toBe(0)
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

  it("an unknown profile shows 'Error loading profile' with the spec's explanation", async () => {
    await page.goto('/profile/zzzzzzzzzz')
    await page.getByText('Error loading profile').waitFor()
    await page.getByText('Failed to load profile data. The profile may not exist or there was a server error.').waitFor()
  })
})

describe('offline re-scan', () => {
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
})
