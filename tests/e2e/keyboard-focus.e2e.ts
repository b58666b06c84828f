// Keyboard and screen-reader paths at 1280x800, keyboard only: the sync popover takes focus and gives it back, state
// changes are said once, focus never falls to <body> after a delete, an undo question or a refused quote, the order
// form's Tab order, the focused field's ring and the password eye; axe stays clean on each screen.
import type { BrowserContext, Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { openDashboard, signIn } from './offline-helpers.ts'
import { api, createItemByApi, newOwner, syncBadge } from './owner-helpers.ts'
import { axeViolations } from './screen-checks.ts'

let page: Page
let context: BrowserContext
freshPagePerTest((fresh) => {
  ;({ page, context } = fresh)
})

/** The focused element's accessible name as the tests ask for it: aria-label, else its label, else its text. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return 'BODY'
    return el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.textContent?.trim() ?? ''
  })

const liveStatus = () => page.evaluate(() => [...document.querySelectorAll('[role=status]')].map((el) => el.textContent?.trim()).filter(Boolean).join(' | '))

describe('keyboard and screen reader', () => {
  it('the sync popover takes focus, Escape gives it back to the badge; going offline and back is said once each', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await expect.poll(() => syncBadge(page).getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/Synced/)

    await context.setOffline(true)
    await expect.poll(liveStatus).toContain('Offline: changes are kept on this device')
    await syncBadge(page).focus()
    await page.keyboard.press('Enter')
    const popover = page.getByRole('dialog')
    await popover.getByText('Your changes are saved on this device and sent when you are online.').waitFor()
    await expect.poll(() => popover.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await popover.waitFor({ state: 'detached' })
    await expect.poll(focused).toMatch(/^Sync status: Offline/)

    await context.setOffline(false)
    await expect.poll(liveStatus, { timeout: 20_000 }).toContain('Back online: changes are sent')
  })

  it('Escape closes the delete question; a deleted card hands focus to the next Edit, the last one to Add wishlist item', async () => {
    const owner = await newOwner()
    await createItemByApi(owner, 'Blue Mug')
    await createItemByApi(owner, 'Red Kettle')
    await signIn(page, owner)
    await openDashboard(page, owner)
    const deleteButtons = page.getByRole('button', { name: /^Delete / })
    await expect.poll(() => deleteButtons.count()).toBe(2)

    const first = await deleteButtons.first().getAttribute('aria-label')
    const other = first === 'Delete Blue Mug' ? 'Red Kettle' : 'Blue Mug'
    await deleteButtons.first().focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete product' })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await deleteButtons.count()).toBe(2)

    await deleteButtons.first().focus()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => deleteButtons.count()).toBe(1)
    await expect.poll(focused).toBe(`Edit ${other}`)

    await page.getByRole('button', { name: `Delete ${other}` }).focus()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('Add wishlist item')
  })

  it("each 'Back on the wishlist' names its gift; its question takes focus and is its description; 'Keep it' gives focus back", async () => {
    const owner = await newOwner()
    const itemId = await createItemByApi(owner, 'Blue Mug')
    const bought = await api(`/api/public/profiles/${owner.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemId } })
    v.parse(v.object({ purchaseId: v.string() }), bought.json)
    await signIn(page, owner)
    await page.goto('/dashboard?view=purchases')
    const undo = page.getByRole('button', { name: 'Back on the wishlist: Blue Mug', exact: true })
    await undo.waitFor()
    await undo.focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('Back on the wishlist: Blue Mug')
    const describedBy = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') ?? '')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Was this not a real purchase? Blue Mug can then be bought again.')
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Tab')
    await expect.poll(focused).toBe('Keep it')
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('Back on the wishlist: Blue Mug')
  })

  it('a refused quote focuses the first missing field; Country comes before State; the demo notice is a note, not an alert', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await page.goto('/dashboard?view=order')
    const demo = page.getByText('Demo catalog', { exact: true })
    await demo.waitFor()
    expect(await page.getByRole('alert').filter({ hasText: 'Demo catalog' }).count()).toBe(0)
    expect(await page.getByRole('note').filter({ hasText: 'Demo catalog' }).count()).toBe(1)

    await page.getByRole('button', { name: 'Calculate shipping' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('Full name')
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('textbox', { name: 'City' }).focus()
    await page.keyboard.press('Tab')
    await expect.poll(focused).toBe('Country')
    await page.keyboard.type('United States')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States')
    await page.keyboard.press('Tab')
    await expect.poll(focused).toBe('State')
  })

  it('a focused field has a 2 px ring in both schemes, and the password eye is reached by Tab with its name', async () => {
    await page.goto('/register')
    const password = page.getByLabel('Password', { exact: true })
    await password.focus()
    const ring = () => page.evaluate(() => {
      const wrapper = document.activeElement?.closest('.mantine-Input-input')
      const style = wrapper ? getComputedStyle(wrapper) : null
      return style ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none'
    })
    expect(await ring()).toBe('solid 2px rgb(25, 113, 194)')
    await page.keyboard.press('Tab')
    await expect.poll(focused).toBe('Show password')
    await page.keyboard.press('Enter')
    await expect.poll(focused).toBe('Hide password')
    expect(await password.getAttribute('type')).toBe('text')

    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'))
    await password.focus()
    expect(await ring()).toBe('solid 2px rgb(77, 171, 247)')
  })
})
