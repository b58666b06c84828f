// A visitor's page older than the owner's last edit, on a phone (360x740, touch; decision 206): a gift whose price
// changed after the sheet opened is not bought at a price the visitor never saw, and a profile switched to another
// type sells nothing; the page says so and shows what is true now.
import type { Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { giftCard } from './helpers.ts'
import { api, createItemByApi, newOwner, type Owner, serverItemNamed } from './owner-helpers.ts'

const phone = touchContextPerTest()
const RecordsSchema = v.array(v.looseObject({ wishlistItemId: v.string(), priceAtPurchase: v.number() }))

async function visit(owner: Owner): Promise<Page> {
  const page = await (await phone(360)).newPage()
  await page.goto(`/profile/${owner.shareableId}`)
  return page
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Confirm your gift' })

async function records(owner: Owner, itemId: string) {
  return v.parse(RecordsSchema, (await api('/api/purchase-records', { token: owner.token })).json).filter((record) => record.wishlistItemId === itemId)
}

describe('a gift that changed while the visitor looked', () => {
  it("the price changed after the sheet opened: 'it is now … at €45.00', the card shows €45.00, nothing bought; bought at €45.00 after", async () => {
    const owner = await newOwner()
    const itemId = await createItemByApi(owner, 'Blue mug')
    const page = await visit(owner)
    await giftCard(page, 'Blue mug').getByRole('button', { name: 'Purchase' }).tap()
    await sheet(page).getByRole('button', { name: 'Purchase for €25.00' }).waitFor()

    const edited = await api(`/api/wishlist-items/${itemId}`, { method: 'PUT', token: owner.token, body: { name: 'Blue mug', brand: 'Acme', price: 45, description: 'Something I would enjoy a lot.' } })
    expect(edited.status).toBe(200)
    await sheet(page).getByRole('button', { name: 'Purchase for €25.00' }).tap()

    await page.getByText("This gift changed while you were looking: it is now 'Blue mug' at €45.00. Nothing was bought; check it and purchase again.").waitFor()
    expect(await page.getByText('Payment failed').count()).toBe(1)
    expect(await page.getByRole('dialog', { name: 'Thank you for your gift!' }).count()).toBe(0)
    // The page read the profile again: the card says what the gift costs now, and it is still on offer.
    await giftCard(page, 'Blue mug').getByText('€45.00').waitFor()
    expect(await giftCard(page, 'Blue mug').getByText('€25.00').count()).toBe(0)
    expect((await serverItemNamed(owner, 'Blue mug'))?.isPurchased).toBe(false)
    expect(await records(owner, itemId)).toEqual([])

    await giftCard(page, 'Blue mug').getByRole('button', { name: 'Purchase' }).tap()
    await sheet(page).getByRole('button', { name: 'Purchase for €45.00' }).tap()
    const thanks = page.getByRole('dialog', { name: 'Thank you for your gift!' })
    await thanks.getByText('You bought Blue mug for €45.00.', { exact: false }).waitFor()
    expect(await records(owner, itemId)).toEqual([expect.objectContaining({ priceAtPurchase: 45 })])
  })

  it('the profile switched to Custom text: the purchase is refused in words, and the page shows the text instead', async () => {
    const owner = await newOwner()
    const itemId = await createItemByApi(owner, 'Blue mug')
    const page = await visit(owner)
    await giftCard(page, 'Blue mug').getByRole('button', { name: 'Purchase' }).tap()
    const switched = await api('/api/profiles', { method: 'PUT', token: owner.token, body: { profileType: 'CUSTOM_TEXT', customText: 'Now I just share text' } })
    expect(switched.status).toBe(200)
    await sheet(page).getByRole('button', { name: 'Purchase for €25.00' }).tap()

    await page.getByText('This profile no longer shows a wishlist, so nothing was bought.').waitFor()
    await page.getByText('Now I just share text').waitFor()
    expect(await page.getByRole('dialog', { name: 'Thank you for your gift!' }).count()).toBe(0)
    expect((await serverItemNamed(owner, 'Blue mug'))?.isPurchased).toBe(false)
    expect(await records(owner, itemId)).toEqual([])
  })
})
