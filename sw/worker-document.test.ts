import { describe, expect, it } from 'vitest'
import { markServedByWorker, SERVED_BY_META_NAME, servedByWorker } from '../src/lib/worker-document.ts'
import { asWorkerDocument } from './worker-document.ts'

const MARK = `<meta name="${SERVED_BY_META_NAME}" content="service-worker" />`

/** A stand-in for document.querySelector over raw HTML: the mark's content, as the page reads it. */
const docOf = (html: string) => ({
  querySelector: (selector: string) => {
    const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1]
    const match = name === undefined ? null : new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)
    return match ? { getAttribute: (attribute: string) => (attribute === 'content' ? (match[1] ?? null) : null) } : null
  },
})

describe('markServedByWorker', () => {
  it.each<[string, string, string]>([
    ['the mark opens the head', '<html><head><title>QR Tee</title></head></html>', `<html><head>${MARK}<title>QR Tee</title></head></html>`],
    ['a head with attributes', '<head data-x="1"><title>t</title></head>', `<head data-x="1">${MARK}<title>t</title></head>`],
    ['never twice', `<head>${MARK}</head>`, `<head>${MARK}</head>`],
    ['a <header> is not the head', '<body><header>x</header></body>', '<body><header>x</header></body>'],
  ])('%s', (_, html, expected) => {
    expect(markServedByWorker(html)).toBe(expected)
  })
})

describe('servedByWorker', () => {
  it.each<[string, string, boolean]>([
    ["the worker's copy", markServedByWorker('<head></head>'), true],
    ["the server's HTML has no mark", '<head><title>alice · QR Tee</title></head>', false],
    ['a mark with another content does not count', `<head><meta name="${SERVED_BY_META_NAME}" content="server" /></head>`, false],
  ])('%s -> %s', (_, html, expected) => {
    expect(servedByWorker(docOf(html))).toBe(expected)
  })
})

describe('asWorkerDocument', () => {
  it('serves the precached document marked, with its status and headers, and without the stale length', async () => {
    const html = '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>'
    const precached = new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(html.length) } })
    const served = await asWorkerDocument(precached)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(served.headers.get('Content-Length')).toBeNull()
    const body = await served.text()
    expect(body).toBe(html.replace('<head>', `<head>${MARK}`))
    expect(servedByWorker(docOf(body))).toBe(true)
  })
})
