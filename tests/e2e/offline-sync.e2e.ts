// Offline sync end to end, one tab at a time: a tab closed mid-push, a flaky network, an offline cold start, and an image picked offline.
// @module-tag service-worker
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshContextPerTest } from './browser.ts'
import {
  addItem,
  cardTitle,
  installApp,
  itemName,
  localCounts,
  once,
  openDashboard,
  product,
  serverCounts,
  serverData,
  signIn,
  waitForSynced,
} from './offline-helpers.ts'
import { newOwner, syncBadge } from './owner-helpers.ts'

const SMALL_PNG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'images', 'small.png')

let context: BrowserContext
freshContextPerTest((fresh) => {
  ;({ context } = fresh)
})

describe('a tab closed mid-push', () => {
  it('sends the entries left in the outbox on the next start, and the server has each exactly once', async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    // The first push reaches the server, but its answer never comes back: the tab is closed while it hangs.
    let pushSeen: () => void = () => undefined
    const firstPushSent = new Promise<void>((resolve) => (pushSeen = resolve))
    let pushes = 0
    await page.route('**/api/sync/push', async (route: Route) => {
      pushes += 1
      if (pushes > 1) return route.continue()
      await route.fetch()
      pushSeen()
    })
    const names = [itemName('Sent before close'), itemName('Written during push')]
    await addItem(page, product(names[0] ?? ''))
    await firstPushSent
    await addItem(page, product(names[1] ?? ''))
    expect((await localCounts(page)).outbox).toBe(2)
    expect(await serverCounts(owner.token, names)).toEqual({ [names[0] ?? '']: 1, [names[1] ?? '']: 0 })
    await page.close()

    const reopened = await context.newPage()
    await openDashboard(reopened, owner)
    await waitForSynced(reopened)
    expect(await serverCounts(owner.token, names)).toEqual(once(names))
    expect((await localCounts(reopened)).outbox).toBe(0)
    for (const name of names) await cardTitle(reopened, name).waitFor()
  })

  it('sends entries whose push was cut off before reaching the server, exactly once', async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    // Held: the request never leaves the browser, and the tab closes while it waits.
    let pushSeen: () => void = () => undefined
    const pushHeld = new Promise<void>((resolve) => (pushSeen = resolve))
    await page.route('**/api/sync/push', () => pushSeen())
    const names = [itemName('Held push')]
    await addItem(page, product(names[0] ?? ''))
    await pushHeld
    expect(await serverCounts(owner.token, names)).toEqual({ [names[0] ?? '']: 0 })
    await page.close()

    const reopened = await context.newPage()
    await openDashboard(reopened, owner)
    await waitForSynced(reopened)
    expect(await serverCounts(owner.token, names)).toEqual(once(names))
  })
})

describe('a flaky network', () => {
  it("converges: every item exactly once on the server and the badge says 'Synced at ...'", async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    // Each call fails in its own way: cut off, applied but answered 502 (a lost answer), plain 502.
    const pushFailures: Array<(route: Route) => Promise<void>> = [
      (route) => route.abort('connectionreset'),
      async (route) => {
        await route.fetch()
        await route.fulfill({ status: 502, body: 'Bad gateway' })
      },
      (route) => route.fulfill({ status: 502, body: 'Bad gateway' }),
      (route) => route.abort('timedout'),
    ]
    const changesFailures: Array<(route: Route) => Promise<void>> = [
      (route) => route.fulfill({ status: 502, body: 'Bad gateway' }),
      (route) => route.abort('connectionreset'),
      (route) => route.fulfill({ status: 503, body: 'Unavailable' }),
    ]
    await page.route('**/api/sync/push', (route) => (pushFailures.shift() ?? ((r: Route) => r.continue()))(route))
    await page.route('**/api/sync/changes?*', (route) => (changesFailures.shift() ?? ((r: Route) => r.continue()))(route))

    const names = [itemName('Flaky one'), itemName('Flaky two'), itemName('Flaky three'), itemName('Flaky four')]
    await addItem(page, product(names[0] ?? ''))
    await addItem(page, product(names[1] ?? ''))
    await context.setOffline(true)
    await addItem(page, product(names[2] ?? ''))
    await context.setOffline(false)
    await addItem(page, product(names[3] ?? ''))
    await context.setOffline(true)
    await context.setOffline(false)
    // Until every planned failure happened, an 'online' now and then keeps the backoff short.
    await expect
      .poll(
        async () => {
          if (pushFailures.length + changesFailures.length > 0) {
            await context.setOffline(true)
            await context.setOffline(false)
          }
          return pushFailures.length + changesFailures.length
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe(0)
    await waitForSynced(page)
    expect(await serverCounts(owner.token, names)).toEqual(once(names))
    expect((await localCounts(page)).outbox).toBe(0)
  })
})

describe('a server in trouble', () => {
  it("is said in words: 'Waiting for the server', 'The server is having trouble right now', never a status, and the change goes once it answers", async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    // The phone is online; the server's database is down.
    let down = true
    await page.route('**/api/sync/push', (route) =>
      down ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }) : route.continue(),
    )
    const name = itemName('Server down')
    await addItem(page, product(name))
    await expect.poll(() => syncBadge(page).getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/Waiting for the server · 1 pending/)
    await syncBadge(page).click()
    const details = page.locator('.mantine-Popover-dropdown')
    await details.getByText('The server is having trouble right now', { exact: true }).waitFor()
    await details.getByText('sent by themselves as soon as the server takes them', { exact: false }).waitFor()
    expect(await details.getByText(/503|Push answered|network/i).count()).toBe(0)
    await page.keyboard.press('Escape')

    down = false
    await context.setOffline(true)
    await context.setOffline(false)
    await waitForSynced(page)
    expect((await serverData(owner.token)).items.map((item) => item.name)).toContain(name)
  })
})

describe('offline start', () => {
  it("opens /dashboard offline after the app was installed and shows the owner's items from the local database", async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await installApp(page, owner)
    const name = itemName('Kept offline')
    await addItem(page, product(name))
    await waitForSynced(page)
    await page.close()

    await context.setOffline(true)
    const offline = await context.newPage()
    await openDashboard(offline, owner)
    await cardTitle(offline, name).waitFor()
    await syncBadge(offline).filter({ hasText: /^Offline/ }).waitFor()
  })
})

describe('an image picked offline', () => {
  it('is uploaded once online after the tab was reopened, and the public profile shows it', async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await installApp(page, owner)
    await waitForSynced(page)

    await context.setOffline(true)
    const name = itemName('Picture gift')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Product Name').fill(name)
    await dialog.getByLabel('Brand').fill('Acme')
    await dialog.getByLabel('Price').fill('20')
    await dialog.getByLabel('Description').fill('Comes with a picture.')
    await dialog.locator('input[type=file]').setInputFiles(SMALL_PNG)
    await dialog.getByRole('img', { name: 'Product image preview' }).waitFor()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('img', { name }).waitFor()
    expect((await localCounts(page)).pendingImages).toBe(1)
    await page.close()

    const reopened = await context.newPage()
    await openDashboard(reopened, owner)
    await reopened.getByRole('img', { name }).waitFor()
    await context.setOffline(false)
    await waitForSynced(reopened)

    const { items, profile } = await serverData(owner.token)
    const uploaded = items.filter((item) => item.name === name)
    expect(uploaded).toHaveLength(1)
    const imageId = uploaded[0]?.storedImageId
    expect(imageId).toBeTruthy()
    expect((await localCounts(reopened)).pendingImages).toBe(0)

    await reopened.goto(`/profile/${profile?.shareableId ?? ''}`)
    const image = reopened.locator(`img[src$="/api/uploads/${imageId ?? ''}"]`)
    await image.waitFor()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  })
})
