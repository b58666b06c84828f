// The Order tab keeps the chosen size and quantity on this device with the recipient: across a change of tab, a
// reload, and offline, as its offline notice promises ('what you typed stays on this device').
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { signIn } from './offline-helpers.ts'
import { newOwner } from './owner-helpers.ts'

let page: Page
freshPagePerTest((fresh) => {
  ;({ page } = fresh)
})

const sizeButton = (size: string) => page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true })
const quantity = () => page.getByLabel('Quantity', { exact: true })
const nav = () => page.getByRole('navigation', { name: 'Dashboard' })

async function openOrderTab(): Promise<void> {
  await nav().getByText('Order', { exact: true }).click()
  await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
}

async function expectCart(size: string, count: string): Promise<void> {
  await expect.poll(() => sizeButton(size).getAttribute('aria-pressed')).toBe('true')
  await expect.poll(() => quantity().inputValue()).toBe(count)
}

describe('Order tab draft', () => {
  it('keeps size L and quantity 3 after another tab, a reload, and another tab offline', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await page.goto('/dashboard?view=order')
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    await sizeButton('L').click()
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expectCart('L', '3')

    await nav().getByText('Profile', { exact: true }).click()
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor({ state: 'detached' })
    await openOrderTab()
    await expectCart('L', '3')

    await page.reload()
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    await expectCart('L', '3')

    await page.context().setOffline(true)
    await page.getByText(/^You are offline\. Ordering needs a connection/).waitFor()
    await nav().getByText('Dashboard', { exact: true }).click()
    await openOrderTab()
    await expectCart('L', '3')
  })
})
