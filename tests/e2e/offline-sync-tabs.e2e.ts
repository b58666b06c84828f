// Offline sync across tabs and devices: one leading tab, a database upgrade from a newer tab, and a device clock a day ahead.
// @module-tag service-worker
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshContextPerTest, newContext, type ServiceWorkers } from './browser.ts'
import { addItem, cardTitle, isPush, itemName, once, openDashboard, product, serverCounts, serverWishlist, signIn, waitForSynced } from './offline-helpers.ts'
import { newOwner, syncBadge } from './owner-helpers.ts'

let browser: Browser
let context: BrowserContext
let serviceWorkers: ServiceWorkers
freshContextPerTest((fresh) => {
  ;({ browser, context, serviceWorkers } = fresh)
})

/** Counts this page's push requests (its own and its sync worker's). */
function pushesOf(page: Page): { readonly count: number } {
  const counter = { count: 0 }
  page.on('request', (request) => {
    if (isPush(request)) counter.count += 1
  })
  return counter
}

const hasSyncWorker = (page: Page) => page.workers().some((worker) => worker.url().includes('worker'))

describe('two tabs of one owner', () => {
  it('only the leading tab sends; an item added in either tab shows in both; closing the leader hands over', async () => {
    const owner = await newOwner()
    const first = await context.newPage()
    await signIn(first, owner)
    await openDashboard(first, owner)
    await waitForSynced(first)
    const second = await context.newPage()
    await openDashboard(second, owner)
    await waitForSynced(second)
    const pushes = new Map([
      [first, pushesOf(first)],
      [second, pushesOf(second)],
    ])
    let total = 0
    context.on('request', (request) => {
      if (isPush(request)) total += 1
    })

    // Exactly one tab runs the sync worker.
    await expect.poll(() => [hasSyncWorker(first), hasSyncWorker(second)].filter(Boolean).length).toBe(1)
    const leader = hasSyncWorker(first) ? first : second
    const follower = leader === first ? second : first

    const fromFollower = itemName('From the follower')
    await addItem(follower, product(fromFollower))
    await cardTitle(leader, fromFollower).waitFor()
    await expect.poll(() => serverCounts(owner.token, [fromFollower]), { timeout: 20_000 }).toEqual(once([fromFollower]))
    const fromLeader = itemName('From the leader')
    await addItem(leader, product(fromLeader))
    await cardTitle(follower, fromLeader).waitFor()
    await expect.poll(() => serverCounts(owner.token, [fromLeader]), { timeout: 20_000 }).toEqual(once([fromLeader]))
    expect(pushes.get(follower)?.count).toBe(0)
    expect(pushes.get(leader)?.count).toBeGreaterThan(0)
    expect(total).toBe(pushes.get(leader)?.count)

    await leader.close()
    await expect.poll(() => hasSyncWorker(follower), { timeout: 10_000 }).toBe(true)
    const afterHandover = itemName('After the handover')
    await addItem(follower, product(afterHandover))
    await expect.poll(() => serverCounts(owner.token, [afterHandover]), { timeout: 20_000 }).toEqual(once([afterHandover]))
    expect(pushes.get(follower)?.count).toBeGreaterThan(0)
    await waitForSynced(follower)
    expect(await serverCounts(owner.token, [fromFollower, fromLeader, afterHandover])).toEqual(once([fromFollower, fromLeader, afterHandover]))
  })
})

describe('a database upgrade while an old tab is open', () => {
  it('the old tab lets go of its connection and offers a reload', async () => {
    const owner = await newOwner()
    const old = await context.newPage()
    await signIn(old, owner)
    await openDashboard(old, owner)
    await waitForSynced(old)

    // Whatever native version the app ships (Dexie stores version N as N * 10), one above it is a newer schema.
    const newer = await context.newPage()
    await newer.goto('/')
    const { shipped, upgradedTo } = await newer.evaluate(
      () =>
        new Promise<{ shipped: number; upgradedTo: number }>((resolve, reject) => {
          const probe = indexedDB.open('qrtee-owner')
          probe.onerror = () => reject(probe.error)
          probe.onsuccess = () => {
            const shipped = probe.result.version
            probe.result.close()
            const request = indexedDB.open('qrtee-owner', shipped + 1)
            request.onupgradeneeded = () => request.result.createObjectStore('addedByNewerVersion')
            request.onsuccess = () => {
              const version = request.result.version
              request.result.close()
              resolve({ shipped, upgradedTo: version })
            }
            request.onerror = () => reject(request.error)
          }
        }),
    )
    expect(shipped).toBeGreaterThanOrEqual(10)
    expect(upgradedTo).toBe(shipped + 1)
    await old.getByText('QR Tee was updated in another tab').waitFor()
    await old.getByText('Reload this tab to keep saving your changes.').waitFor()
    await old.getByRole('button', { name: 'Reload' }).waitFor()
  })
})

/** From the first script of every page: Date.now and new Date() a day ahead, as on a device with a wrong clock. */
function shiftClockByOneDay() {
  const DAY = 24 * 60 * 60 * 1000
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + DAY)
      else super(...(args as ConstructorParameters<DateConstructor>))
    }
    static override now() {
      return RealDate.now() + DAY
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
}

describe('a device clock a day ahead', () => {
  it('changes nothing: the server keeps the order of arrival and the last edit to arrive wins', async () => {
    const owner = await newOwner()
    const shifted = await newContext(browser, serviceWorkers)
    await shifted.addInitScript(shiftClockByOneDay)
    try {
      const aheadPage = await shifted.newPage()
      await signIn(aheadPage, owner)
      await openDashboard(aheadPage, owner)
      await waitForSynced(aheadPage)
      expect(await aheadPage.evaluate(() => Date.now() - performance.timeOrigin - performance.now())).toBeGreaterThan(23 * 3600 * 1000)
      const onTime = await context.newPage()
      await signIn(onTime, owner)
      await openDashboard(onTime, owner)
      await waitForSynced(onTime)

      // The device a day ahead writes first, the on-time one second: by any clock, the first would look newer.
      const first = itemName('Written first, clock ahead')
      const second = itemName('Written second, clock right')
      await addItem(aheadPage, product(first))
      await expect.poll(() => serverCounts(owner.token, [first]), { timeout: 20_000 }).toEqual(once([first]))
      await onTime.reload()
      await cardTitle(onTime, first).waitFor()
      await addItem(onTime, product(second))
      await expect.poll(() => serverCounts(owner.token, [second]), { timeout: 20_000 }).toEqual(once([second]))

      const names = () => serverWishlist(owner.token)
      expect(await names()).toEqual([first, second])

      // Same item, same field: the ahead device edits first, the on-time one last; the last to arrive wins.
      await editName(aheadPage, first, `${first} (ahead)`)
      await expect.poll(names, { timeout: 20_000 }).toEqual([`${first} (ahead)`, second])
      await onTime.reload()
      await editName(onTime, `${first} (ahead)`, `${first} (on time)`)
      await expect.poll(names, { timeout: 20_000 }).toEqual([`${first} (on time)`, second])

      // Both devices converge on the server's result, in the server's order; the device whose name lost is told once
      // (decision 201), which its sync badge counts.
      await aheadPage.reload()
      await cardTitle(aheadPage, `${first} (on time)`).waitFor({ timeout: 45_000 })
      await expect.poll(() => syncBadge(aheadPage).getAttribute('aria-label'), { timeout: 45_000 }).toMatch(/^Sync status: Synced at .*, 1 need attention$/)
      const shown = await aheadPage.getByRole('link', { name: /^Edit / }).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))
      expect(shown).toEqual([`Edit ${first} (on time)`, `Edit ${second}`])
    } finally {
      await shifted.close()
    }
  })
})

async function editName(page: Page, from: string, to: string) {
  await page.getByRole('link', { name: `Edit ${from}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Product Name').fill(to)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'detached' })
  await cardTitle(page, to).waitFor()
}
