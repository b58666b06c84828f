// An update taken in one tab while another stays open on the old version: Reload in every tab reloads onto the new
// worker, and a route chunk the old version names (gone from the new worker and the server) costs one reload, never
// the raw error page.
// @module-tag service-worker
import { appendFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest } from './browser.ts'
import { waitForServiceWorker } from './helpers.ts'
import { ownerWith, renameRouteChunk, startCopyOfApp, workerVersion } from './pwa-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

const VERSION_MARKER = "\n// e2e: second build\nself.addEventListener('message', (e) => { if (e.data === 'E2E_VERSION?') e.ports[0].postMessage('second build') })\n"

/** Two tabs of one owner on the profile tab of the dashboard, both under the first build's worker. */
async function twoTabs(origin: string): Promise<[Page, Page]> {
  const { user } = await ownerWith({ profileType: 'WISHLIST' }, [], origin)
  const open = async (tab: Page) => {
    await tab.goto(`${origin}/dashboard?view=profile`)
    await tab.getByRole('link', { name: 'Edit profile' }).waitFor()
  }
  await page.goto(`${origin}/login`)
  await page.evaluate((t) => {
    localStorage.setItem('token', t.token)
    localStorage.setItem('refreshToken', t.refreshToken)
  }, user)
  await open(page)
  await waitForServiceWorker(page, () => open(page))
  const second = await context.newPage()
  await open(second)
  return [page, second]
}

/** Opens profile settings from the dashboard, as the owner would; the chunk it loads must be the new build's. */
async function openProfileSettings(tab: Page, chunk: string): Promise<void> {
  const loaded = tab.waitForResponse((response) => response.url().endsWith(`/assets/${chunk}`) && response.ok())
  await tab.getByRole('link', { name: 'Edit profile' }).click()
  await tab.getByRole('heading', { name: 'Profile settings' }).waitFor()
  await loaded
  expect(await tab.getByText('Unexpected Application Error!').count()).toBe(0)
}

/**
 * Two tabs on the first build; a deploy renames the profile settings' chunk; the second tab's reload finds the new
 * worker, both tabs offer it, and the second takes it. `then` gets the tab left behind and the chunk's new name.
 */
async function afterUpdateInSecondTab(then: (first: Page, chunk: string) => Promise<void>): Promise<void> {
  const app = await startCopyOfApp({ keepDatabase: true })
  let server = await app.serveOn(0)
  try {
    const tabs = await twoTabs(`http://127.0.0.1:${server.port}`)
    await server.close()
    const chunk = renameRouteChunk(app.distDir, 'edit')
    appendFileSync(path.join(app.distDir, 'sw.js'), VERSION_MARKER)
    server = await app.serveOn(server.port)
    const [first, second] = tabs
    await second.reload()
    for (const tab of tabs) await tab.getByText('A new version is available').waitFor({ timeout: 30_000 })
    const reloaded = second.waitForEvent('load')
    await second.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    expect(await workerVersion(second)).toBe('second build')
    await first.bringToFront()
    await then(first, chunk)
  } finally {
    await server.close()
    app.remove()
  }
}

// SKIPPED at the stop of 2026-12-01 00:22 UTC: red after fix-forms merged (the settings page's chunk is no longer the one
// renameRouteChunk renames and waits for); fix the helper, then remove .skip. owner-frame.e2e.ts covers the chunk-refused path.
describe('an update taken in another tab', { timeout: 240_000 }, () => {
  it('Reload in the tab that stayed behind reloads it onto the new version, and its lazy route opens', async () => {
    await afterUpdateInSecondTab(async (first, chunk) => {
      const reloaded = first.waitForEvent('load', { timeout: 10_000 })
      await first.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      await first.getByRole('link', { name: 'Edit profile' }).waitFor()
      expect(await workerVersion(first)).toBe('second build')
      await openProfileSettings(first, chunk)
    })
  })

  it('a tab that ignored the prompt and opens a route of its old version reloads once onto the new one', async () => {
    await afterUpdateInSecondTab(async (first, chunk) => {
      // The old chunk came into the browser's HTTP cache with the first worker's precache; a cache that no longer holds
      // it (evicted, another day) is when the old version cannot open the route.
      await (await context.newCDPSession(first)).send('Network.clearBrowserCache')
      let loads = 0
      first.on('load', () => (loads += 1))
      await openProfileSettings(first, chunk)
      expect(loads).toBe(1)
      expect(first.url()).toMatch(/\/profile\/edit$/)
      expect(await workerVersion(first)).toBe('second build')
    })
  })
})
