// Decision 112's platform facts in real Chromium: inside a dedicated worker, XMLHttpRequest exists and reports upload
// progress for a photo upload (what the sync worker's stall timeout follows); a streamed fetch body is not an option.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { newOwner } from './owner-helpers.ts'

const PROBE = `
self.onmessage = async ({ data }) => {
  const report = { xhr: typeof XMLHttpRequest, uploadProgress: [], status: 0, body: '', streamed: '' }
  const boundary = 'qrtee-probe'
  const head = '--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="image"\\r\\nContent-Type: image/png\\r\\n\\r\\n'
  const body = new Blob([head, new Uint8Array(data.png), '\\r\\n--' + boundary + '--\\r\\n'])
  await new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', data.origin + '/api/uploads')
    xhr.setRequestHeader('Authorization', 'Bearer ' + data.token)
    xhr.setRequestHeader('Content-Type', 'multipart/form-data; boundary=' + boundary)
    xhr.upload.onprogress = (event) => report.uploadProgress.push([event.loaded, event.total])
    xhr.onload = () => { report.status = xhr.status; report.body = xhr.responseText; resolve() }
    xhr.onerror = () => resolve()
    xhr.send(body)
  })
  try {
    const stream = new ReadableStream({ start(controller) { controller.enqueue(new Uint8Array([123, 125])); controller.close() } })
    const res = await fetch(data.origin + '/api/public/config', { method: 'POST', body: stream, duplex: 'half' })
    report.streamed = 'answered ' + res.status
  } catch (error) {
    report.streamed = 'refused: ' + error.message
  }
  postMessage(report)
}
`

describe('uploads from a dedicated worker in Chromium', () => {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('XMLHttpRequest exists there and reports upload progress up to the whole body; the photo is stored', async () => {
    const owner = await newOwner()
    const png = [...readFileSync(path.join(import.meta.dirname, '../fixtures/images/small.png'))]
    const context = await browser!.newContext({ baseURL: baseUrl() })
    const page = await context.newPage()
    await page.goto('/login')
    const report = await page.evaluate(
      ({ code, png, token }) =>
        new Promise<{ xhr: string; uploadProgress: [number, number][]; status: number; body: string; streamed: string }>((resolve) => {
          const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })))
          worker.onmessage = (event) => resolve(event.data)
          worker.postMessage({ png, token, origin: location.origin })
        }),
      { code: PROBE, png, token: owner.token },
    )
    await context.close()
    console.log(`streamed fetch body from the worker over HTTP/1.1: ${report.streamed}; upload progress events: ${JSON.stringify(report.uploadProgress)}`)
    expect(report.xhr).toBe('function')
    expect(report.status).toBe(201)
    expect(JSON.parse(report.body)).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(report.uploadProgress.length).toBeGreaterThan(0)
    const [loaded, total] = report.uploadProgress.at(-1) ?? [0, 0]
    expect(total).toBeGreaterThan(png.length)
    expect(loaded).toBe(total)
  })
})
