// What a visitor meets when something fails, on a phone (360x740, touch): a purchase without any answer, an answer lost
// after the server recorded the purchase (then a retry, a reload or a re-scan in a new tab), the purchase limit's
// refusal (each said in honest words, with Purchase given back), and a Share whose clipboard the browser refuses.
import type { Page, Request } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { confirmPurchase, giftCard, registerByApi } from './helpers.ts'
import { api } from './owner-helpers.ts'

const phone = touchContextPerTest()
const PURCHASES = '**/api/public/profiles/*/purchases'

async function wishlist(names: string[]): Promise<string> {
  const user = await registerByApi()
  const own = v.parse(v.object({ id: v.string(), shareableId: v.string() }), (await api('/api/profiles', { token: user.token })).json)
  await api('/api/profiles', { method: 'PUT', token: user.token, body: { profileType: 'WISHLIST', contactInfo: '' } })
  for (const name of names) {
    const created = await api(`/api/wishlist-items/profile/${own.id}`, { method: 'POST', token: user.token, body: { name, price: 12.5, description: 'A gift I would truly enjoy.', brand: 'Acme' } })
    if (created.status !== 201) throw new Error(`create item failed: ${created.status} ${JSON.stringify(created.json)}`)
  }
  return own.shareableId
}

async function visit(shareableId: string): Promise<Page> {
  const page = await (await phone(360)).newPage()
  await page.goto(`/profile/${shareableId}`)
  return page
}

async function buy(page: Page, name: string): Promise<void> {
  await giftCard(page, name).getByRole('button', { name: 'Purchase' }).click()
  await confirmPurchase(page)
}

/** The first purchase reaches the server, which answers 201; the connection resets before the phone reads it. */
async function loseFirstAnswer(page: Page): Promise<(string | undefined)[]> {
  const keys: (string | undefined)[] = []
  let lose = true
  await page.route(PURCHASES, async (route, request: Request) => {
    keys.push(await request.headerValue('Idempotency-Key').then((key) => key ?? undefined))
    if (!lose) return route.fallback()
    lose = false
    expect((await route.fetch()).status()).toBe(201)
    await route.abort('connectionreset')
  })
  return keys
}

describe('a purchase that fails', () => {
  it("without any answer: after the deadline 'The server did not answer', and Purchase is back on every card", { timeout: 90_000 }, async () => {
    const page = await visit(await wishlist(['Espresso cups', 'Climbing chalk']))
    // The server took the request and went silent.
    await page.route(PURCHASES, () => undefined)
    await buy(page, 'Espresso cups')
    await giftCard(page, 'Espresso cups').getByText('Processing payment...').waitFor()
    expect(await giftCard(page, 'Climbing chalk').getByRole('button', { name: 'Purchase' }).isDisabled()).toBe(true)

    await page.getByText('The server did not answer, so your gift is not confirmed', { exact: false }).waitFor({ timeout: 45_000 })
    expect(await page.getByText('Payment failed').count()).toBe(1)
    expect(await giftCard(page, 'Espresso cups').getByText('Processing payment...').count()).toBe(0)
    expect(await giftCard(page, 'Espresso cups').getByRole('button', { name: 'Purchase' }).isEnabled()).toBe(true)
    expect(await giftCard(page, 'Climbing chalk').getByRole('button', { name: 'Purchase' }).isEnabled()).toBe(true)
  })

  it('whose answer was lost after the server recorded it: said as no answer, and the retry replays it into the thank-you', async () => {
    const page = await visit(await wishlist(['Espresso cups']))
    const keys = await loseFirstAnswer(page)
    await buy(page, 'Espresso cups')
    await page.getByText('The server did not answer, so your gift is not confirmed', { exact: false }).waitFor()
    expect(await page.getByText('You are offline', { exact: false }).count()).toBe(0)

    await buy(page, 'Espresso cups')
    await page.getByRole('dialog', { name: 'Thank you for your gift!' }).waitFor()
    expect(await page.getByText('This gift was just bought by someone else.').count()).toBe(0)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('whose answer was lost, then a reload instead of a retry: the page asks again with the same key, thanks the visitor and offers the message', async () => {
    const page = await visit(await wishlist(['Espresso cups']))
    const keys = await loseFirstAnswer(page)
    await buy(page, 'Espresso cups')
    await page.getByText('The server did not answer, so your gift is not confirmed', { exact: false }).waitFor()

    await page.reload()
    const card = giftCard(page, 'Espresso cups')
    await card.getByText('Purchased').waitFor()
    await page.getByText('Your gift went through').waitFor()
    await page.getByText('Thank you for giving Espresso cups.').waitFor()
    await card.getByRole('button', { name: 'Send a message' }).waitFor()
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    // Answered: the next load asks nothing.
    await page.reload()
    await card.getByRole('button', { name: 'Send a message' }).waitFor()
    expect(keys).toHaveLength(2)
    expect(await page.getByText('Your gift went through').count()).toBe(0)
  })

  it('whose answer was lost, then a re-scan that opens a new tab: that tab asks again with the same key and thanks the visitor', async () => {
    const page = await visit(await wishlist(['Espresso cups']))
    const keys = await loseFirstAnswer(page)
    await buy(page, 'Espresso cups')
    await page.getByText('The server did not answer, so your gift is not confirmed', { exact: false }).waitFor()

    // A camera app opens each scan in a new tab of the same browser.
    const rescan = await page.context().newPage()
    const rescanKeys: (string | undefined)[] = []
    await rescan.route(PURCHASES, async (route, request: Request) => {
      rescanKeys.push((await request.headerValue('Idempotency-Key')) ?? undefined)
      await route.fallback()
    })
    await rescan.goto(page.url())
    await rescan.getByText('Your gift went through').waitFor()
    await giftCard(rescan, 'Espresso cups').getByRole('button', { name: 'Send a message' }).waitFor()
    expect(rescanKeys).toEqual([keys[0]])
  })

  it("refused by the purchase limit: the server's own words", async () => {
    const page = await visit(await wishlist(['Espresso cups']))
    const limit = 'Too many purchases from this wishlist right now. Please try again in 10 minutes.'
    await page.route(PURCHASES, (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '600' }, body: JSON.stringify({ message: limit }) }),
    )
    await buy(page, 'Espresso cups')
    await page.getByText(limit).waitFor()
    expect(await page.getByText('Something went wrong', { exact: false }).count()).toBe(0)
    expect(await giftCard(page, 'Espresso cups').getByRole('button', { name: 'Purchase' }).isEnabled()).toBe(true)
  })
})

describe('Share when the browser refuses the clipboard', () => {
  it("says so in a visitor's words and shows the link to copy by hand, before and after React runs the page", async () => {
    const shareableId = await wishlist(['Espresso cups'])
    const context = await phone(360)
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }, configurable: true })
    })
    const page = await context.newPage()
    await page.goto(`/profile/${shareableId}`)
    const share = page.getByRole('button', { name: 'Share' })
    await expect.poll(() => share.isEnabled()).toBe(true)
    const address = `${new URL(page.url()).origin}/profile/${shareableId}`
    for (const when of ['before React', 'after React']) {
      await share.click()
      const toast = page.getByRole('status').filter({ hasText: 'Copy the link' })
      await toast.waitFor()
      const link = toast.getByRole('textbox', { name: 'Link to this page' })
      expect(await link.inputValue(), when).toBe(address)
      expect(await link.isEditable(), when).toBe(false)
      await link.focus()
      // Focused, the whole address is selected, ready for the phone's Copy.
      expect(await link.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]), when).toEqual([0, address.length])
      expect(await page.getByText(/Share failed|Failed to share your profile/).count(), when).toBe(0)
      await toast.getByRole('button', { name: 'Close' }).click()
      await toast.waitFor({ state: 'hidden' })
      if (when === 'before React') {
        // The first Purchase tap hands the page to React; Share is React's from then on.
        await giftCard(page, 'Espresso cups').getByRole('button', { name: 'Purchase' }).click()
        await page.getByRole('dialog', { name: 'Confirm your gift' }).getByRole('button', { name: 'Cancel' }).click()
      }
    }
  })
})
