// What the owner dashboard bench installs in every document before the app's own scripts: the moment the grid's last
// card is first painted after a load, the moment the edit dialog is first painted visibly with its name field filled
// after a click on Edit, and every interaction's duration as Event Timing reports it (the figures INP is made of).
import type { Page } from 'playwright-core'

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

/** The script itself runs in the page: it may only use what it is given and the browser's globals. */
function probe(lastCardLabel: string) {
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
      if (box && Number(getComputedStyle(box).opacity) > 0) afterNextPaint(() => (state.dialogAt = performance.now()))
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
  await page.addInitScript({ content: `var __name = (f) => f; (${probe.toString()})(${JSON.stringify(`Edit ${lastItemName}`)})` })
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
