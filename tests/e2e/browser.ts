// Finds and launches Chromium for the e2e tests; one browser per test file, a fresh context per test.
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest'
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS })
}

export function baseUrl(): string {
  return inject('baseUrl')
}

/**
 * The tag (tests/e2e/vitest.config.ts) of a test, a describe or a file (`@module-tag`) that runs with the app's
 * service worker. The helpers' contexts block it otherwise: a first install precaches the whole build, about two
 * seconds of CPU per context on this machine, for tests about something else (decision 189).
 */
export const WITH_SERVICE_WORKER = 'service-worker'

export type ServiceWorkers = NonNullable<BrowserContextOptions['serviceWorkers']>

/** What the running test asks for by its tags, its describes' or its file's. */
export function serviceWorkersFor(task: TestContext['task']): ServiceWorkers {
  return task.tags?.includes(WITH_SERVICE_WORKER) ? 'allow' : 'block'
}

/** For a spec that makes its own contexts: the getter answers what the running test asks for. */
export function serviceWorkersOfEachTest(): () => ServiceWorkers {
  let serviceWorkers: ServiceWorkers = 'block'
  beforeEach(({ task }) => {
    serviceWorkers = serviceWorkersFor(task)
  })
  return () => serviceWorkers
}

export function newContext(browser: Browser, serviceWorkers: ServiceWorkers): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, serviceWorkers })
}

/** `serviceWorkers` is the test's choice, for a second context of the same test. */
export type FreshContext = { browser: Browser; context: BrowserContext; serviceWorkers: ServiceWorkers }
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
  beforeEach(async ({ task }) => {
    const serviceWorkers = serviceWorkersFor(task)
    context = await newContext(browser(), serviceWorkers)
    await use({ browser: browser(), context, serviceWorkers })
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
  const serviceWorkers = serviceWorkersOfEachTest()
  let context: BrowserContext | undefined
  afterEach(async () => {
    await context?.close()
    context = undefined
  })
  return async (width, height = 740) => {
    context = await browser().newContext({ baseURL: baseUrl(), viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 1, serviceWorkers: serviceWorkers() })
    return context
  }
}
