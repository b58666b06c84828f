// Shared steps of the PWA spec: owners with a chosen profile through the API, a stand-in redirect destination, a
// second app server on a copy of dist/ for the update flow, and waiting for the service worker to take control.
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import * as v from 'valibot'
import { loadConfig } from '../../server/config.ts'
import { projectRoot, startServer } from '../../server/main.ts'
import { baseUrl } from './browser.ts'
import { registerByApi } from './helpers.ts'

const OwnProfileSchema = v.object({ id: v.string(), shareableId: v.string() })
const CreatedItemSchema = v.object({ id: v.string() })

export async function api(urlPath: string, init: { method?: string; token?: string; body?: unknown } = {}, origin = baseUrl()): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${origin}${urlPath}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : null }
}

/** A fresh owner whose profile has `settings` and one wishlist item per name in `itemNames` (on the server at `origin`). */
export async function ownerWith(settings: Record<string, unknown>, itemNames: string[] = [], origin = baseUrl()) {
  const user = await registerByApi(undefined, origin)
  const own = v.parse(OwnProfileSchema, (await api('/api/profiles', { token: user.token }, origin)).json)
  const saved = await api('/api/profiles', { method: 'PUT', token: user.token, body: settings }, origin)
  if (saved.status !== 200) throw new Error(`PUT /api/profiles failed: ${saved.status} ${JSON.stringify(saved.json)}`)
  const itemIds: string[] = []
  for (const name of itemNames) {
    const body = { name, description: 'A gift I would truly enjoy.', brand: 'Acme', price: 12.5 }
    const created = await api(`/api/wishlist-items/profile/${own.id}`, { method: 'POST', token: user.token, body }, origin)
    if (created.status !== 201) throw new Error(`create item failed: ${created.status} ${JSON.stringify(created.json)}`)
    itemIds.push(v.parse(CreatedItemSchema, created.json).id)
  }
  return { user, shareableId: own.shareableId, itemIds }
}

/** A stand-in for the site a redirect profile points at: any path answers a small page, and every hit is counted. */
export async function startDestination(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = []
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '/')
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>Destination</title><h1>Destination</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/landing`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * The app served in this process from a private copy of dist/, so a test can change the built worker's bytes and
 * serve them again on the same port, as a deploy would. In-memory database unless `keepDatabase`: nothing outlives the test.
 */
export async function startCopyOfApp(options: { keepDatabase?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrtee-pwa-'))
  const distDir = path.join(dir, 'dist')
  cpSync(path.join(projectRoot, 'dist'), distDir, { recursive: true })
  const serveOn = async (port: number) => {
    const config = loadConfig({ JWT_SECRET: 'pwa-e2e-secret-pwa-e2e-secret-pwa-e2e', DATA_DIR: path.join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' })
    // keepDatabase: the server started again after a deploy still knows the owners of the first (a file in DATA_DIR).
    return startServer(config, { databaseLocation: options.keepDatabase ? undefined : 'memory://', distDir })
  }
  return { dir, distDir, serveOn, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export type CopyOfApp = Awaited<ReturnType<typeof startCopyOfApp>>
export type CopyServer = Awaited<ReturnType<CopyOfApp['serveOn']>>

/**
 * A deploy whose build gave one route chunk (the largest file named `<chunk>-<hash>.js`) a new hash, as a change to that
 * page would: the chunk, every chunk that imports it, and the entry (and so index.html and the worker's precache list)
 * change names.
 * The old files are gone from dist/, as from a server after a deploy. Returns the chunk's new file name.
 */
export function renameRouteChunk(distDir: string, chunk: string): string {
  const assets = path.join(distDir, 'assets')
  const named = (prefix: string) => {
    // The largest of the name: a build may also have a small chunk of that name which the frame loads at start.
    const matching = readdirSync(assets).filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js') && /^[\w-]+-[\w-]{8}\.js$/.test(name))
    const found = matching.sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]
    if (!found) throw new Error(`no ${prefix}-<hash>.js in ${assets}`)
    return found
  }
  const renames = new Map([
    [named(chunk), `${chunk}-e2eNew01.js`],
    [named('app'), 'app-e2eNew01.js'],
  ])
  // As a real build does, every chunk that imports a renamed one gets a new name too (its bytes changed); otherwise the
  // new worker would keep the old bytes of a chunk whose name did not change, and they import the old file.
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'))
  for (let changed = true; changed; ) {
    changed = false
    for (const name of scripts) {
      if (renames.has(name) || ![...renames.keys()].some((from) => readFileSync(path.join(assets, name), 'utf8').includes(from))) continue
      renames.set(name, name.replace(/-[\w-]{8}\.js$/, `-e2eN${String(renames.size).padStart(3, '0')}.js`))
      changed = true
    }
  }
  const rewrite = (file: string) => {
    let text = readFileSync(file, 'utf8')
    for (const [from, to] of renames) text = text.replaceAll(from, to)
    // index.html's precache revision follows its bytes.
    text = text.replace(/"revision":"[0-9a-f]{32}","url":"index.html"/, '"revision":"e2e0000000000000000000000000new1","url":"index.html"')
    writeFileSync(file, text)
  }
  for (const [from, to] of renames) renameSync(path.join(assets, from), path.join(assets, to))
  for (const file of [path.join(distDir, 'index.html'), path.join(distDir, 'sw.js'), ...readdirSync(assets).filter((name) => name.endsWith('.js')).map((name) => path.join(assets, name))]) rewrite(file)
  return `${chunk}-e2eNew01.js`
}

/** The controlling worker's answer to the marker a test appended to the second build's sw.js, or null when it does not know it. */
export function workerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller
        if (!controller) return resolve(null)
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(typeof event.data === 'string' ? event.data : null)
        controller.postMessage('E2E_VERSION?', [channel.port2])
        setTimeout(() => resolve(null), 1000)
      }),
  )
}
