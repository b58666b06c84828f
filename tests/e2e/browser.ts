// Finds and launches Chromium for the e2e tests; one browser per test file, a fresh context per test.
import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

// Quiet, deterministic Chromium: no sandbox (containers), no background downloads or sync, no QUIC.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`)
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  const bundled = chromium.executablePath()
  if (bundled && existsSync(bundled)) return bundled
  throw new Error(
    'No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium` ' +
      '(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.',
  )
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: ARGS })
}

export function baseUrl(): string {
  return inject('baseUrl')
}

export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } })
}

export type FreshPage = { browser: Browser; context: BrowserContext; page: Page }

/** One Chromium per spec file and a fresh context and page per test; `use` receives them before each test. */
export function freshPagePerTest(use: (fresh: FreshPage) => void): void {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start')
    context = await newContext(browser)
    use({ browser, context, page: await context.newPage() })
  })
  afterEach(async () => {
    await context?.close()
  })
}
