// The buyer's message to an owner without contact details, on a phone (touch): the only way to reach them, so it is
// never lost to one tap. The draft survives Cancel, the bought card offers 'Send a message' (after a reload too, before
// React runs the page) until a message was sent, the focus lands on the card when a dialog closes, and at 320 px the
// success toast does not cover the message dialog's heading.
import type { Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { confirmPurchase, giftCard, registerByApi } from './helpers.ts'
import { api } from './owner-helpers.ts'

const phone = touchContextPerTest()

async function ownerWithoutContact() {
  const user = await registerByApi()
  const own = v.parse(v.object({ id: v.string(), shareableId: v.string() }), (await api('/api/profiles', { token: user.token })).json)
  await api('/api/profiles', { method: 'PUT', token: user.token, body: { profileType: 'WISHLIST', contactInfo: '' } })
  const created = await api(`/api/wishlist-items/profile/${own.id}`, { method: 'POST', token: user.token, body: { name: 'Climbing chalk', price: 7, description: 'Fine chalk for the bouldering gym.', brand: 'Acme' } })
  if (created.status !== 201) throw new Error(`create item failed: ${created.status}`)
  return { user, shareableId: own.shareableId }
}

async function buyChalk(page: Page) {
  await giftCard(page, 'Climbing chalk').getByRole('button', { name: 'Purchase' }).click()
  await confirmPurchase(page)
  const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
  await thanks.waitFor()
  return thanks
}

const focusedText = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent?.trim() ?? ''}`)

describe('the message to an owner without contact details', () => {
  it("survives Cancel and a reload: the card offers 'Send a message' until it was sent; focus stays on the card", async () => {
    const { user, shareableId } = await ownerWithoutContact()
    const page = await (await phone(360)).newPage()
    await page.goto(`/profile/${shareableId}`)
    const thanks = await buyChalk(page)
    await page.keyboard.press('Escape')
    await thanks.waitFor({ state: 'hidden' })
    const card = giftCard(page, 'Climbing chalk')
    const later = card.getByRole('button', { name: 'Send a message' })
    // The Purchase button the dialogs came from is gone: the focus goes to the card's way to the message, not <body>.
    await expect.poll(() => focusedText(page)).toBe('BUTTON Send a message')

    await later.click()
    const dialog = page.getByRole('dialog', { name: /Send a message/ })
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByLabel('Message').fill('Enjoy the chalk!')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await later.click()
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Enjoy the chalk!')
    expect(await dialog.getByLabel('Your Email').inputValue()).toBe('visitor@example.com')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // A reload: the page runs without React until a tap, and still offers the message for this browser's purchase.
    // The first tap's page code is refused (a connection dropping mid-load): the words are about the message, never
    // 'Payment failed' for a gift already bought, and the next tap opens it.
    let asked = 0
    await page.route(/\/assets\/visitor-main-[\w-]+\.js$/, (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()))
    await page.reload()
    await later.click()
    await page.getByText('The message could not be opened').waitFor()
    await page.getByText('Something went wrong. Your gift is bought; please tap Send a message again.').waitFor()
    expect(await page.getByText('Payment failed').count()).toBe(0)
    await later.click()
    await dialog.waitFor()
    expect(asked).toBe(2)
    await dialog.getByLabel('Your Email').fill('visitor@example.com')
    await dialog.getByLabel('Message').fill('Enjoy the chalk, truly!')
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByText('Message sent').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => later.count()).toBe(0)
    await expect.poll(() => focusedText(page)).toBe('H2 Climbing chalk')
    const records = await api('/api/purchase-records', { token: user.token })
    expect(records.json).toEqual([expect.objectContaining({ visitorEmail: 'visitor@example.com', visitorMessage: 'Enjoy the chalk, truly!' })])

    await page.reload()
    await card.getByText('Purchased').waitFor()
    expect(await later.count()).toBe(0)
  })

  it("at 320 px 'Payment successful!' ends when the message dialog opens, clear of its heading", async () => {
    const { shareableId } = await ownerWithoutContact()
    const page = await (await phone(320)).newPage()
    await page.goto(`/profile/${shareableId}`)
    const thanks = await buyChalk(page)
    await page.getByText('Payment successful!').waitFor()
    await thanks.getByRole('button', { name: 'Send message' }).click()
    const heading = page.getByRole('dialog', { name: /Send a message/ }).getByRole('heading', { name: /Send a message/ })
    await heading.waitFor()
    const uncovered = await heading.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return [0.1, 0.5, 0.9].every((x) => {
        const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height / 2)
        return hit !== null && (hit === element || element.contains(hit))
      })
    })
    expect(uncovered).toBe(true)
    // The overlap itself did not show on this machine's layout (the dialog sits below the toast here); what prevents it
    // anywhere is that the success toast has ended once the message dialog is open.
    expect(await page.getByText('Payment successful!').count()).toBe(0)
  })
})
