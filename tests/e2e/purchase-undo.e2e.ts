// The owner's side of honest purchasing (issue 23, decision 148): the buyer's message in Purchases, and 'Back on the
// wishlist' undoing a stranger's purchase through the outbox, so the gift is on sale again for visitors.
import type { Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { giftCard } from './helpers.ts'
import { signIn } from './offline-helpers.ts'
import { api, createItemByApi, newOwner, serverItems } from './owner-helpers.ts'

let page: Page
freshPagePerTest((fresh) => {
  ;({ page } = fresh)
})

const PurchaseSchema = v.object({ purchaseId: v.string() })

describe("'Back on the wishlist'", () => {
  it("shows the buyer's message in Purchases, and the undo puts the gift back on sale for visitors", async () => {
    const owner = await newOwner()
    const itemId = await createItemByApi(owner, 'Pranked espresso machine')
    const bought = await api(`/api/public/profiles/${owner.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemId } })
    const { purchaseId } = v.parse(PurchaseSchema, bought.json)
    await api(`/api/public/profiles/${owner.shareableId}/purchases/${purchaseId}/message`, {
      method: 'POST',
      body: { email: 'prankster@example.com', message: 'Gotcha <b>bold</b>' },
    })

    await signIn(page, owner)
    await page.goto('/dashboard?view=purchases')
    const message = page.getByTestId('purchase-message')
    await message.waitFor()
    // Plain text: the stranger's markup is shown, never interpreted.
    expect(await message.textContent()).toBe('Message from prankster@example.com: Gotcha <b>bold</b>')
    await page.getByText('€25.00').first().waitFor()

    await page.getByRole('button', { name: 'Back on the wishlist' }).click()
    await page.getByText('Was this not a real purchase?', { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Back on the wishlist' }).click()
    await page.getByText('No purchases yet.').waitFor()
    // It counts nowhere, but the message it carried is still in the app, not only in the export.
    const putBack = page.getByRole('region', { name: 'Put back on the wishlist' })
    await putBack.getByText("Not counted above; their buyers' messages stay here.").waitFor()
    expect(await putBack.getByTestId('purchase-message').textContent()).toBe('Message from prankster@example.com: Gotcha <b>bold</b>')
    expect(await putBack.getByRole('button', { name: 'Back on the wishlist' }).count()).toBe(0)

    // The undo went out through the outbox like any write.
    await expect.poll(async () => (await serverItems(owner)).find((item) => item.id === itemId)?.isPurchased, { timeout: 30_000 }).toBe(false)
    const visitor = await page.context().newPage()
    await visitor.goto(`/profile/${owner.shareableId}`)
    await giftCard(visitor, 'Pranked espresso machine').getByRole('button', { name: 'Purchase' }).waitFor()
    await visitor.close()
  })

  it("is not offered for a gift whose item was deleted since: the purchase and its message stay", async () => {
    const owner = await newOwner()
    const itemId = await createItemByApi(owner, 'Lamp deleted after the gift')
    const bought = await api(`/api/public/profiles/${owner.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemId } })
    const { purchaseId } = v.parse(PurchaseSchema, bought.json)
    await api(`/api/public/profiles/${owner.shareableId}/purchases/${purchaseId}/message`, { method: 'POST', body: { email: 'aunt@example.com', message: 'Enjoy the light!' } })
    expect((await api(`/api/wishlist-items/${itemId}`, { method: 'DELETE', token: owner.token })).status).toBe(204)

    await signIn(page, owner)
    await page.goto('/dashboard?view=purchases')
    await page.getByText('Deleted item').first().waitFor()
    expect(await page.getByTestId('purchase-message').first().textContent()).toBe('Message from aunt@example.com: Enjoy the light!')
    expect(await page.getByRole('button', { name: 'Back on the wishlist' }).count()).toBe(0)
  })
})
