// QR codes end to end: the owner's QR dialog (code, ID, link, Share, downloads) and the landing's desktop demo card.
import jsQR from 'jsqr'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest } from './browser.ts'
import { registerByApi } from './helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

const PixelsSchema = v.object({ width: v.number(), height: v.number(), data: v.array(v.number()) })

/** Decodes the QR code an <img> shows, the way a phone would: from its pixels. */
async function scan(image: Locator): Promise<string | undefined> {
  await image.waitFor()
  const pixels = v.parse(
    PixelsSchema,
    await image.evaluate(async (element) => {
      if (!(element instanceof HTMLImageElement)) throw new Error('not an image')
      await element.decode()
      const canvas = document.createElement('canvas')
      canvas.width = element.naturalWidth
      canvas.height = element.naturalHeight
      const context2d = canvas.getContext('2d')
      if (!context2d) throw new Error('no 2d context')
      context2d.drawImage(element, 0, 0)
      const { data, width, height } = context2d.getImageData(0, 0, canvas.width, canvas.height)
      return { width, height, data: Array.from(data) }
    }),
  )
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data
}

/** A signed-in owner on /dashboard?modal=qr, and the link their code must carry. */
async function openQrDialog() {
  const user = await registerByApi()
  const own = await fetch(`${baseUrl()}/api/profiles`, { headers: { Authorization: `Bearer ${user.token}` } })
  const { shareableId } = v.parse(v.object({ shareableId: v.string() }), await own.json())
  await page.goto('/')
  await page.evaluate(({ token, refreshToken }) => {
    localStorage.setItem('token', token)
    localStorage.setItem('refreshToken', refreshToken)
  }, user)
  await page.goto('/dashboard?modal=qr')
  const dialog = page.getByRole('dialog', { name: 'Your QR code' })
  await dialog.waitFor()
  return { dialog, shareableId, link: `${baseUrl()}/profile/${shareableId}` }
}

describe('QR dialog', () => {
  it('shows a code that scans to {origin}/profile/{shareableId}, the shareable ID and the link', async () => {
    const { dialog, shareableId, link } = await openQrDialog()
    expect(await scan(dialog.getByRole('img', { name: /^QR code for / }))).toBe(link)
    await dialog.locator('code', { hasText: shareableId }).waitFor()
    expect(await dialog.getByRole('link', { name: link }).getAttribute('href')).toBe(link)
  })

  it("Share copies the link when the device has no share sheet: 'Shared successfully'", async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }))
    const { dialog, link } = await openQrDialog()
    await dialog.getByRole('button', { name: 'Share' }).click()
    await page.getByText('Shared successfully').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  })

  it('Share uses the device share sheet when there is one', async () => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => void localStorage.setItem('shared-url', data.url ?? ''),
      })
    })
    const { dialog, link } = await openQrDialog()
    await dialog.getByRole('button', { name: 'Share' }).click()
    await page.getByText('Shared successfully').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('shared-url'))).toBe(link)
  })

  it("'Share failed' with 'Failed to share your profile.' when neither sharing nor copying works", async () => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        configurable: true,
        get: () => ({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }),
      })
    })
    const { dialog } = await openQrDialog()
    await dialog.getByRole('button', { name: 'Share' }).click()
    await page.getByText('Share failed').waitFor()
    await page.getByText('Failed to share your profile.').waitFor()
  })

  it.each([
    ['Download PNG', 'png'],
    ['Download SVG', 'svg'],
  ])('%s saves qrtee-{shareableId}.%s', async (button, extension) => {
    const { dialog, shareableId } = await openQrDialog()
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()])
    expect(download.suggestedFilename()).toBe(`qrtee-${shareableId}.${extension}`)
  })

  it('Close closes the dialog', async () => {
    const { dialog } = await openQrDialog()
    // The footer's Close, not the frame's X.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
    await dialog.waitFor({ state: 'hidden' })
  })
})

describe('demo QR card', () => {
  it("'Try me: scan live demo' shows on desktop with a 150 px code that scans to /profile/{demo username}", async () => {
    await page.goto('/')
    await page.getByText('Try me: scan live demo').waitFor()
    const image = page.getByRole('img', { name: /live demo profile/ })
    expect(await scan(image)).toBe(`${baseUrl()}/profile/demo`)
    expect((await image.boundingBox())?.width).toBe(150)
  })

  it('is hidden below the md breakpoint, where the phone is the scanner', async () => {
    await page.setViewportSize({ width: 600, height: 900 })
    await page.goto('/')
    await page.getByRole('heading', { name: 'Scan. Wear. Surprise.' }).waitFor()
    expect(await page.getByText('Try me: scan live demo').isVisible()).toBe(false)
  })
})
