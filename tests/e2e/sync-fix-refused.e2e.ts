// A refused profile save fixed from its card on a phone (360x740 touch): the card says where to correct it, its link
// opens the settings and closes the sync popover, and the corrected save goes out with the refused one (decision 199).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { touchContextPerTest } from './browser.ts'
import { openDashboard, signIn, waitForSynced } from './offline-helpers.ts'
import { api, newOwner, syncBadge } from './owner-helpers.ts'

const phone = touchContextPerTest()
const links = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ platform: 'Web', url: `https://example.test/${from + index}` }))

async function openSettings(page: Page) {
  await page.goto('/profile/edit')
  await page.getByRole('button', { name: 'Save' }).waitFor()
}

async function addLink(page: Page, url: string) {
  await page.getByRole('button', { name: 'Add link' }).tap()
  const fields = page.getByRole('textbox', { name: /^URL of link \d+$/ })
  await fields.last().fill(url)
}

describe('a refused change fixed from its card', () => {
  it("27 links on the server, 3 more from elsewhere, 2 added here: refused at 32; 'Open profile settings', remove the 2, Save: the bio goes out, nothing is refused", async () => {
    const owner = await newOwner()
    expect((await api('/api/profiles', { method: 'PUT', token: owner.token, body: { profileType: 'SOCIAL_LINKS', socialLinks: links(1, 27) } })).status).toBe(200)
    const page = await (await phone(360)).newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)
    await openSettings(page)
    await page.getByRole('textbox', { name: 'URL of link 27' }).waitFor()

    // Another device takes the list to 30 while this one adds two links and a bio.
    const others = [...links(1, 27), ...links(101, 3)]
    expect((await api('/api/profiles', { method: 'PUT', token: owner.token, body: { socialLinks: others } })).status).toBe(200)
    await page.getByRole('textbox', { name: 'Description' }).fill('Bio written at the event')
    await addLink(page, 'https://example.test/mine-1')
    await addLink(page, 'https://example.test/mine-2')
    await page.getByRole('button', { name: 'Save' }).tap()
    await expect.poll(() => syncBadge(page).getAttribute('aria-label'), { timeout: 45_000 }).toMatch(/Needs you/)

    await syncBadge(page).tap()
    const popover = page.getByRole('dialog')
    await popover.getByText('At most 30 social links.').waitFor()
    await popover.getByText('To fix it, correct it in your profile settings: your edit goes to the server again at once, with the rest of this change.').waitFor()
    const open = popover.getByRole('link', { name: 'Open profile settings' })
    const box = await open.boundingBox()
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44)
    await open.tap()
    await popover.waitFor({ state: 'detached' })

    // The form shows what this device wrote; the two links it added go, and the fix is saved.
    for (const url of ['https://example.test/mine-2', 'https://example.test/mine-1']) {
      const fields = page.getByRole('textbox', { name: /^URL of link \d+$/ })
      const values = await fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
      const index = values.findIndex((value) => value === url)
      expect(index).toBeGreaterThanOrEqual(0)
      await page.getByRole('button', { name: `Remove link ${index + 1}` }).tap()
    }
    await page.getByRole('button', { name: 'Save' }).tap()
    await expect.poll(() => syncBadge(page).getAttribute('aria-label'), { timeout: 45_000 }).toMatch(/Synced at/)

    const server = (await api('/api/profiles', { token: owner.token })).json as { description: string; socialLinks: { url: string }[] }
    expect(server.description).toBe('Bio written at the event')
    expect(server.socialLinks.map((link) => link.url).sort()).toEqual(others.map((link) => link.url).sort())
  })
})
