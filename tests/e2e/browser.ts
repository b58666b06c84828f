// Finds and launches Chromium for the e2e tests; one browser per test file, a fresh context per test.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS })
}

export function baseUrl(): string {
  return inject('baseUrl')
}

export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } })
}

export type FreshContext = { browser: Browser; context: BrowserContext }
export type FreshPage = FreshContext & { page: Page }

/** One Chromium per spec file: launched before its first test, closed after its last; the getter answers it. */
function browserPerFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('Chromium did not start')
    return browser
  }
}

/** One Chromium per spec file and a fresh context per test; `use` receives them before each test. */
export function freshContextPerTest(use: (fresh: FreshContext) => void | Promise<void>): void {
  const browser = browserPerFile()
  let context: BrowserContext | undefined
  beforeEach(async () => {
    context = await newContext(browser())
    await use({ browser: browser(), context })
  })
  afterEach(async () => {
    await context?.close()
  })
}

/** As freshContextPerTest, with a new page in each fresh context. */
export function freshPagePerTest(use: (fresh: FreshPage) => void): void {
  freshContextPerTest(async (fresh) => use({ ...fresh, page: await fresh.context.newPage() }))
}

/**
 * One Chromium per spec file and, per test, a touch context of `width` x `height` px (740 unless given): a phone in
 * the hand (touch events, the mobile viewport, `pointer: coarse`), closed after the test.
 */
export function touchContextPerTest(): (width: number, height?: number) => Promise<BrowserContext> {
  const browser = browserPerFile()
  let context: BrowserContext | undefined
  afterEach(async () => {
    await context?.close()
    context = undefined
  })
  return async (width, height = 740) => {
    context = await browser().newContext({ baseURL: baseUrl(), viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })
    return context
  }
}
