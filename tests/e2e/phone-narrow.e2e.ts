// The owner's screens at phone widths (320 to 768 px) where an audit of the phone journeys found words cut or a column
// off-screen, one test per finding. Touch contexts, so every control must also be 44x44 px.
import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, touchContextPerTest } from './browser.ts'
import { api, createItemByApi, expectToast, fillProduct, newOwner, type Owner, signedInBeforeLoad, syncBadge, uniqueName } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'

const LONG_NAME = 'A very long wishlist item name that goes on and on to test wrapping on a phone'

const touchContext = touchContextPerTest()

/** A signed-in touch page `width` px wide, opened at `path`. */
async function phoneAt(width: number, owner: Owner, path: string): Promise<Page> {
  const context = await touchContext(width)
  await signedInBeforeLoad(context, owner)
  const page = await context.newPage()
  await page.goto(path)
  return page
}

/** A stranger buys the item through the public API, as the visitor's page does. */
async function buyByApi(owner: Owner, itemId: string): Promise<void> {
  const bought = await api(`/api/public/profiles/${owner.shareableId}/purchases`, { method: 'POST', body: { wishlistItemId: itemId } })
  if (bought.status !== 201 && bought.status !== 200) throw new Error(`purchase failed: ${bought.status} ${JSON.stringify(bought.json)}`)
}

/** Parts of `area` that scroll or hide sideways and hold more than they show. */
function sidewaysOverflow(area: Locator): Promise<string[]> {
  return area.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((el) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  )
}

/** Whether the element's text is wholly inside the viewport and its own box (no ellipsis, no scroll). */
function fullyShown(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const rect = el.getBoundingClientRect()
    return rect.left >= 0 && rect.right <= document.documentElement.clientWidth && el.scrollWidth <= el.clientWidth
  })
}

describe.each([320, 360])('at %i px wide', (width) => {
  it("shows every purchase without sideways swiping: name, price and 'Back on the wishlist' with its confirm", async () => {
    const owner = await newOwner()
    await buyByApi(owner, await createItemByApi(owner, LONG_NAME))
    const page = await phoneAt(width, owner, '/dashboard?view=purchases')
    const list = page.getByRole('heading', { name: 'All transactions' }).locator('..')
    await list.getByText(LONG_NAME).waitFor()
    expect(await fullyShown(list.getByText('€25.00', { exact: true }))).toBe(true)
    expect(await sidewaysOverflow(list)).toEqual([])
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])

    await list.getByRole('button', { name: 'Back on the wishlist' }).click()
    await list.getByText('Was this not a real purchase?', { exact: false }).waitFor()
    expect(await fullyShown(list.getByRole('button', { name: 'Keep it' }))).toBe(true)
    expect(await sidewaysOverflow(list)).toEqual([])
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })

  it("shows the Purchases tab's Month and Year whole: 'September' is not cut", async () => {
    const owner = await newOwner()
    const page = await phoneAt(width, owner, '/dashboard?view=purchases')
    await page.getByRole('group', { name: 'Period' }).getByRole('radio', { name: 'Month', exact: true }).check()
    // Mantine's Select: a read-only input under its label (the Period group has a 'Month' radio too).
    const month = page.locator('.mantine-Select-root', { has: page.getByText('Month', { exact: true }) }).locator('input.mantine-Select-input')
    await month.click()
    await page.getByRole('option', { name: 'September' }).click()
    await expect.poll(() => month.inputValue()).toBe('September')
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })

  it("shows 'Sign out' uncut beside another signed-in device", async () => {
    const owner = await newOwner()
    const elsewhere = await api('/api/auth/login', { method: 'POST', body: { email: owner.email, password: owner.password } })
    expect(elsewhere.status).toBe(200)
    const page = await phoneAt(width, owner, '/profile/edit')
    const devices = page.locator('section[aria-labelledby="devices-title"]')
    await expect.poll(() => devices.getByTestId('device-row').count()).toBe(2)
    const signOut = devices.getByTestId('device-row').getByRole('button')
    expect(await signOut.innerText()).toBe('Sign out')
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })

  it("shows the public address's id on one line in the QR dialog, with a link a finger can tap", async () => {
    const owner = await newOwner()
    const page = await phoneAt(width, owner, '/dashboard?modal=qr')
    const dialog = page.getByRole('dialog')
    const link = dialog.getByRole('link', { name: new RegExp(`/profile/${owner.shareableId}$`) })
    await link.waitFor()
    expect(await link.innerText()).toBe(`${baseUrl()}/profile/${owner.shareableId}`)
    expect(await link.locator('[data-address-id]').evaluate((el) => [el.textContent, el.getClientRects().length])).toEqual([owner.shareableId, 1])
    const box = await link.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })

  it('shows a taken email\'s way back whole on Register (this server mails nothing: contact support)', async () => {
    const owner = await newOwner()
    const page = await (await touchContext(width)).newPage()
    await page.goto('/register')
    await page.getByLabel('Username', { exact: true }).fill(uniqueName('newcomer').replace(' ', '_'))
    await page.getByLabel('Email', { exact: true }).fill(owner.email)
    for (const label of ['Password', 'Confirm password']) await page.getByLabel(label, { exact: true }).fill('password-123')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('link', { name: 'Contact support' }).waitFor()
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })

  it("shows the public address's id on one line in the Profile tab", async () => {
    const owner = await newOwner()
    const page = await phoneAt(width, owner, '/dashboard?view=profile')
    const address = page.locator('[data-public-address]')
    await address.getByText(owner.shareableId).waitFor()
    expect(await address.innerText()).toBe(`${baseUrl()}/profile/${owner.shareableId}`)
    expect(await address.locator('[data-address-id]').evaluate((el) => [el.textContent, el.getClientRects().length])).toEqual([owner.shareableId, 1])
  })
})

describe.each([320, 360])('a toast at %i px wide', (width) => {
  it("leaves the dashboard header's Sync and Menu uncovered and tappable while it shows", async () => {
    const owner = await newOwner()
    const page = await phoneAt(width, owner, '/dashboard')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await fillProduct(dialog, uniqueName('Toast mug'))
    await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
    await dialog.waitFor({ state: 'hidden' })
    const toast = page.locator('.mantine-Notification-root').first()
    // Where it rests once it has slid in: the same box two frames apart.
    const box = () => toast.evaluate((el) => new Promise<string>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(JSON.stringify(el.getBoundingClientRect()))))))
    let last = ''
    await expect.poll(async () => last === (last = await box())).toBe(true)
    const toastBox = JSON.parse(last) as DOMRect
    expect(toastBox.right).toBeLessThanOrEqual(width)
    /** What a tap at the control's centre would reach, or whether the toast lies over any of it. */
    const uncovered = (control: Locator) =>
      control.evaluate((el, t) => {
        const r = el.getBoundingClientRect()
        const overlaps = r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom
        return !overlaps && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
      }, toastBox)
    expect(await uncovered(page.getByRole('button', { name: 'Menu' }))).toBe(true)
    expect(await uncovered(page.locator('[data-sync-badge]'))).toBe(true)
  })
})

describe("'Login successful' at 360x740", () => {
  it("leaves the dashboard header's Menu tappable from the moment the owner signs in", async () => {
    const owner = await newOwner()
    const page = await (await touchContext(360, 740)).newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Login successful' })
    await toast.waitFor()
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    // Every frame for a second while the toast slides in and rests: a tap at the Menu's centre reaches the Menu.
    const missed = await page.getByRole('button', { name: 'Menu' }).evaluate(
      (menu) =>
        new Promise<string[]>((done) => {
          const misses: string[] = []
          const started = performance.now()
          const look = () => {
            const r = menu.getBoundingClientRect()
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
            if (!menu.contains(hit)) misses.push(hit?.className.toString() ?? 'nothing')
            if (performance.now() - started < 1_000) requestAnimationFrame(look)
            else done(misses)
          }
          look()
        }),
    )
    expect(missed).toEqual([])
    expect(await toast.isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Menu' }).tap()
    await page.locator('.mantine-Popover-dropdown', { hasText: 'Theme' }).getByRole('button', { name: 'Logout' }).waitFor()
  })
})

describe("the phone menu's Logout at 360 px wide", () => {
  it("closes the menu before 'Log out?' warns of unsynced changes", async () => {
    const owner = await newOwner()
    const page = await phoneAt(360, owner, '/dashboard')
    // Offline only once the app has synced: the new item then waits in the outbox, as the warning needs.
    await expect.poll(() => syncBadge(page).getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/Synced at/)
    await page.context().setOffline(true)
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await fillProduct(dialog, uniqueName('Unsynced kite'))
    await expectToast(page, 'Product created', () => dialog.getByRole('button', { name: 'Save' }).click())
    await dialog.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: 'Menu' }).click()
    const menu = page.locator('.mantine-Popover-dropdown', { hasText: 'Theme' })
    await menu.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('dialog', { name: 'Log out?' }).getByText('You have 1 change that is not synced yet', { exact: false }).waitFor()
    await menu.waitFor({ state: 'hidden' })
  })
})

describe.each([320, 360])('words longer than the screen at %i px wide', (width) => {
  it('keep every page within it: a 40-character username with underscores, a long email, a long brand', async () => {
    const id = randomBytes(4).toString('hex')
    const owner = await newOwner({ username: `alexandra_konstantinopoulou_${id}_xxx`, email: `alexandra_konstantinopoulou_${id}@example.com`, password: `pw-${id}-long` })
    const brand = `Konstantinopoulou${'x'.repeat(43)}`
    const created = await api(`/api/wishlist-items/profile/${owner.profileId}`, { method: 'POST', token: owner.token, body: { name: 'Mug', brand, price: 12, description: 'For coffee.' } })
    expect(created.status).toBe(201)

    const page = await phoneAt(width, owner, '/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    const brandLine = page.getByText(brand)
    await brandLine.waitFor()
    expect(await fullyShown(brandLine)).toBe(true)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])

    await page.goto('/profile/edit')
    await page.getByText(`Your email: ${owner.email}`).waitFor()
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
    await page.context().close()

    const visitor = await (await touchContext(width)).newPage()
    await visitor.goto(`/profile/${owner.shareableId}`)
    await visitor.getByText(brand).waitFor()
    await expect.poll(() => layoutProblems(visitor, { touch: true })).toEqual([])
    await visitor.getByRole('button', { name: 'Purchase' }).click()
    await visitor.getByRole('dialog').getByText(brand).waitFor()
    await expect.poll(() => layoutProblems(visitor, { touch: true })).toEqual([])
  })
})

describe.each([768, 1024, 1440])('the purchases table at %i px wide', (width) => {
  it("fits with a long name and 'Back on the wishlist' asking", async () => {
    const owner = await newOwner()
    await buyByApi(owner, await createItemByApi(owner, LONG_NAME))
    const page = await phoneAt(width, owner, '/dashboard?view=purchases')
    const list = page.getByRole('heading', { name: 'All transactions' }).locator('..')
    await list.getByRole('columnheader', { name: 'Price' }).waitFor()
    await list.getByRole('button', { name: 'Back on the wishlist' }).click()
    await list.getByRole('button', { name: 'Keep it' }).waitFor()
    expect(await fullyShown(list.getByText('€25.00', { exact: true }))).toBe(true)
    expect(await sidewaysOverflow(list)).toEqual([])
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })
})

describe.each([360, 768])("the 'Purchased' badge at %i px wide", (width) => {
  it('shows the whole word beside or under a long name', async () => {
    const owner = await newOwner()
    await buyByApi(owner, await createItemByApi(owner, LONG_NAME))
    const page = await phoneAt(width, owner, '/dashboard')
    const badge = page.locator('.mantine-Badge-root', { hasText: 'Purchased' })
    await badge.waitFor()
    for (const part of [badge, badge.locator('.mantine-Badge-label')]) {
      expect(await part.evaluate((el) => [el.scrollWidth <= el.clientWidth, el.clientWidth > 0])).toEqual([true, true])
    }
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })
})

describe('the shipping rate at 360 px wide', () => {
  it('shows the chosen rate with its price in full', async () => {
    const owner = await newOwner()
    const page = await phoneAt(360, owner, '/dashboard?view=order')
    await page.getByRole('heading', { name: 'Order a T-Shirt' }).waitFor()
    await page.getByLabel('Full name', { exact: true }).fill('Grace Hopper')
    await page.getByLabel('Address', { exact: true }).fill('Avenida Paulista 1000')
    await page.getByLabel('City', { exact: true }).fill('São Paulo')
    await page.getByLabel('ZIP', { exact: true }).fill('01310-100')
    // The longest of the demo's rate names: 'International (7-20 business days)'.
    const country = page.getByRole('combobox', { name: 'Country', exact: true })
    await country.click()
    if ((await country.getAttribute('readonly')) === null) await country.fill('Brazil')
    await page.getByRole('option', { name: 'Brazil', exact: true }).click()
    await page.getByRole('button', { name: 'Calculate shipping' }).click()
    const rate = page.getByRole('group', { name: 'Shipping rate' }).getByRole('radio', { name: 'International (7-20 business days): €11.99', exact: true })
    await expect.poll(() => rate.isChecked()).toBe(true)
    expect(await fullyShown(rate.locator('xpath=..'))).toBe(true)
    await expect.poll(() => layoutProblems(page, { touch: true })).toEqual([])
  })
})
