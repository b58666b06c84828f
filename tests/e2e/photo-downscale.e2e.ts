// Photos picked in real Chromium: a 4000 px photo is queued and uploaded at most 1600 px wide; a format the server refuses is named and never queued.
import type { BrowserContext, Page, Request } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { eventually, fillProduct, newOwner, openDashboardAs, serverItemNamed, uniqueName } from './owner-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

/** A 4000 x 3000 JPEG, as a phone camera takes it (a gradient, so it compresses like a photo would not: honestly large). */
async function cameraPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      pixels[at] = (x * 255) / width
      pixels[at + 1] = (y * 255) / height
      pixels[at + 2] = (x ^ y) & 0xff
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer }
}

/** Width, height and type of every image waiting in the page's local database (IndexedDB 'qrtee-owner'). */
function queuedImages(target: Page): Promise<{ width: number; height: number; type: string; size: number }[]> {
  return target.evaluate(async () => {
    const open = indexedDB.open('qrtee-owner')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = db.transaction('pendingImages').objectStore('pendingImages').getAll()
    const rows = await new Promise<{ blob: Blob }[]>((resolve, reject) => {
      all.onsuccess = () => resolve(all.result)
      all.onerror = () => reject(all.error)
    })
    db.close()
    return Promise.all(
      rows.map(async ({ blob }) => {
        const bitmap = await createImageBitmap(blob)
        const found = { width: bitmap.width, height: bitmap.height, type: blob.type, size: blob.size }
        bitmap.close()
        return found
      }),
    )
  })
}

describe('a photo picked for a product', () => {
  it('a 4000 px photo is scaled down in the browser: the queued and the uploaded image are at most 1600 px', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    const uploads: Request[] = []
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') uploads.push(request)
    })
    const photo = await cameraPhoto()

    // Offline, so the picked photo stays queued where the test can look at it.
    await context.setOffline(true)
    const name = uniqueName('Camera bag')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await fillProduct(dialog, name)
    await dialog.locator('input[type=file]').setInputFiles(photo)
    await dialog.getByRole('img', { name: 'Product image preview' }).waitFor()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })

    const [queued] = await eventually(() => queuedImages(page)).toHaveLength(1).then(() => queuedImages(page))
    expect(queued).toMatchObject({ width: 1600, height: 1200, type: 'image/jpeg' })
    expect(queued!.size).toBeLessThan(photo.buffer.byteLength)

    await context.setOffline(false)
    await eventually(async () => (await serverItemNamed(owner, name))?.storedImageId ?? null).toMatch(/^[0-9a-f-]{36}$/)
    // The worker's upload body is a Blob, which the browser does not hand to the test; its length says which bytes went:
    // the queued 1600 px image plus the multipart framing (a few hundred bytes), not the 4000 px original.
    // Every upload that reached the server carried those bytes (a loaded machine may abort a stalled one and retry it).
    const answered = []
    for (const upload of uploads) if ((await upload.response())?.ok()) answered.push(upload)
    expect(answered.length).toBeGreaterThanOrEqual(1)
    for (const upload of answered) {
      const requestBodySize = Number((await upload.allHeaders())['content-length'])
      expect(requestBodySize).toBeGreaterThan(queued!.size)
      expect(requestBodySize).toBeLessThan(queued!.size + 1024)
    }
  })

  it('a format the server does not take is refused at the picker with a message naming the formats, and nothing is queued', async () => {
    const owner = await newOwner()
    await openDashboardAs(page, owner)
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    const dialog = page.getByRole('dialog', { name: 'New product' })
    await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
    await page.getByText('Please choose a JPEG, PNG, WebP or GIF image.', { exact: false }).waitFor()
    await dialog.getByText('No image').waitFor()
    expect(await queuedImages(page)).toEqual([])
  })
})
