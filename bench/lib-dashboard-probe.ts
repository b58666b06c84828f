// What the owner dashboard bench installs in every document before the app's own scripts: the moment the grid's last
// card is first painted after a load, the moment the edit dialog is first painted visibly with its name field filled
// after a click on Edit, and every interaction's duration as Event Timing reports it (the figures INP is made of).
import type { Browser, BrowserContext, Page } from 'playwright-core'

export type ProbeState = {
  /** ms since navigation start; null until the last card has been painted. */
  lastCardAt: number | null
  /** pointerdown on an Edit link (event.timeStamp), and the first paint of the dialog, filled and no longer transparent. */
  editPressedAt: number | null
  dialogAt: number | null
  expectedName: string | null
  /** Longest event duration per interactionId, with its start (Event Timing; durations rounded to 8 ms). */
  interactions: Record<string, { startTime: number; duration: number; name: string }>
}

type ProbeWindow = Window & { __probe: ProbeState }

// The probe announces its moments on the console, and the bench waits for those messages: they reach Playwright over
// the DevTools protocol without running anything in the page. A waitForFunction would evaluate Playwright's injected
// script in the new document while the app boots (45 ms of the 4x-slowed main thread in a trace), so the figure would
// be partly the bench's own.
const LAST_CARD_SIGNAL = '__probe: last card painted'
const DIALOG_SIGNAL = '__probe: dialog painted'

/** The script itself runs in the page: it may only use what it is given and the browser's globals. */
function probe(lastCardLabel: string, lastCardSignal: string, dialogSignal: string) {
  const state: ProbeState = { lastCardAt: null, editPressedAt: null, dialogAt: null, expectedName: null, interactions: {} }
  ;(window as unknown as ProbeWindow).__probe = state
  // After the next paint: a task queued from requestAnimationFrame runs once the frame has been produced.
  const afterNextPaint = (callback: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = callback
      channel.port2.postMessage(null)
    })

  const lastCard = new MutationObserver(() => {
    const link = document.querySelector(`a[aria-label="${lastCardLabel}"]`)
    if (!link) return
    lastCard.disconnect()
    afterNextPaint(() => {
      state.lastCardAt = link.isConnected && link.getBoundingClientRect().height > 0 ? performance.now() : -1
      console.debug(lastCardSignal)
    })
  })
  lastCard.observe(document, { childList: true, subtree: true })

  const nameField = (): HTMLInputElement | null => {
    const label = [...document.querySelectorAll('[role="dialog"] label')].find((element) => element.textContent?.startsWith('Product Name'))
    const input = label instanceof HTMLLabelElement ? document.getElementById(label.htmlFor) : null
    return input instanceof HTMLInputElement ? input : null
  }
  const dialog = new MutationObserver(() => {
    const field = nameField()
    if (!field || field.value !== state.expectedName) return
    dialog.disconnect()
    // Mantine mounts the dialog transparent and starts its fade a frame later: it counts once it is no longer invisible.
    const shown = () => {
      const box = field.closest('[role="dialog"]')
      if (box && Number(getComputedStyle(box).opacity) > 0)
        afterNextPaint(() => {
          state.dialogAt = performance.now()
          console.debug(dialogSignal)
        })
      else requestAnimationFrame(shown)
    }
    shown()
  })
  addEventListener(
    'pointerdown',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[aria-label^="Edit "]')) return
      state.editPressedAt = event.timeStamp
      state.dialogAt = null
      dialog.observe(document, { childList: true, subtree: true, attributes: true })
    },
    { capture: true },
  )

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue
      const key = String(entry.interactionId)
      const known = state.interactions[key]
      if (known && entry.duration <= known.duration) continue
      // Named by the event and what it hit, e.g. 'pointerdown on button "Save"', so a slow one can be found.
      const target = entry.target instanceof Element ? entry.target : null
      const what = target ? `${target.tagName.toLowerCase()} "${(target.getAttribute('aria-label') ?? target.textContent ?? '').slice(0, 40)}"` : 'nothing'
      state.interactions[key] = { startTime: entry.startTime, duration: entry.duration, name: `${entry.name} on ${what}` }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

export async function installProbe(page: Page, lastItemName: string): Promise<void> {
  // tsx (esbuild keepNames) wraps the probe's inner functions in __name(); the page has no such helper, so it gets one.
  await page.addInitScript({ content: `var __name = (f) => f; (${probe.toString()})(${[`Edit ${lastItemName}`, LAST_CARD_SIGNAL, DIALOG_SIGNAL].map((value) => JSON.stringify(value)).join(', ')})` })
}

export function readProbe(page: Page): Promise<ProbeState> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__probe)
}

export async function expectDialogWith(page: Page, name: string): Promise<void> {
  await page.evaluate((expected) => {
    ;(window as unknown as ProbeWindow).__probe.expectedName = expected
  }, name)
}

/** The longest interaction that started at or after `since` (page time): INP over that stretch, as web-vitals counts it for few interactions. */
export function worstInteraction(state: ProbeState, since: number, until = Number.POSITIVE_INFINITY): { duration: number; name: string } | null {
  const inRange = Object.values(state.interactions).filter((entry) => entry.startTime >= since && entry.startTime < until)
  return inRange.reduce<{ duration: number; name: string } | null>((worst, entry) => (!worst || entry.duration > worst.duration ? entry : worst), null)
}

/** A step of a run, optionally wrapped (bench/owner-dashboard.ts records some as Chrome traces). */
export type Around = <T>(label: string, action: () => Promise<T>) => Promise<T>
const plain: Around = (_label, action) => action()

export const waitForSynced = (page: Page) => page.getByRole('button', { name: /^Sync status: Synced/ }).waitFor({ timeout: 60_000 })

/**
 * The owner's dashboard in a new context with the probe installed, signed in with the owner's tokens. The first visit
 * is left unthrottled: the first sync brings the items and the service worker takes control.
 */
export async function openProbedDashboard(
  browser: Browser,
  baseUrl: string,
  owner: { token: string; refreshToken: string; itemNames: string[] },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const lastName = owner.itemNames.at(-1) ?? ''
  await installProbe(page, lastName)
  await page.goto(`${baseUrl}/`)
  await page.evaluate((tokens) => {
    localStorage.setItem('token', tokens.token)
    localStorage.setItem('refreshToken', tokens.refreshToken)
  }, owner)
  await page.goto(`${baseUrl}/dashboard`)
  await page.getByRole('link', { name: `Edit ${lastName}`, exact: true }).waitFor({ timeout: 120_000 })
  await waitForSynced(page)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
  return { context, page }
}

/** Resolves when the probe logs `text`; set it up before the action that leads to it. */
function signal(page: Page, text: string): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: 60_000 })
}

/** Reloads the page; ms from the navigation's start to the grid's last card painted. */
export async function reloadToLastCard(page: Page, around: Around = plain): Promise<number> {
  await around('reload', async () => {
    const painted = signal(page, LAST_CARD_SIGNAL)
    await page.reload({ waitUntil: 'commit' })
    await painted
  })
  const reloadMs = (await readProbe(page)).lastCardAt ?? Number.NaN
  if (reloadMs < 0) throw new Error('The last card was in the DOM but not laid out')
  return reloadMs
}

/**
 * Taps Edit of the item `name` where the link is, as a person's tap: a locator's click first runs Playwright's own
 * hit-target checks in the page (elementsFromPoint, a forced layout), which would count as the app's time. Returns
 * the ms from the pointer going down to the dialog painted with its name filled.
 */
export async function tapEditToDialog(page: Page, name: string, around: Around = plain): Promise<number> {
  await expectDialogWith(page, name)
  const editLink = page.getByRole('link', { name: `Edit ${name}`, exact: true })
  await editLink.scrollIntoViewIfNeeded()
  const box = await editLink.boundingBox()
  if (!box) throw new Error(`Edit ${name} is not on screen`)
  await around('edit-click', async () => {
    // Nothing runs in the page until the dialog is painted: a locator's role queries over 200 cards, or a polled
    // function, would steal the page's main thread (4x slowed) in the middle of what is measured.
    const painted = signal(page, DIALOG_SIGNAL)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await painted
  })
  const opened = await readProbe(page)
  return (opened.dialogAt ?? Number.NaN) - (opened.editPressedAt ?? Number.NaN)
}
