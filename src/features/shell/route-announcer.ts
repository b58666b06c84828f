// Owns what an in-app navigation tells the owner, as accessible routers do: the new page's title, and focus on its
// main heading (a screen reader reads where it landed, Tab goes on from there). Not on the first load: the browser
// announces a loaded document itself.
import type { AnyRouter } from '@tanstack/react-router'
import { pageTitle } from './page-titles.ts'

/** A page that shows its data after loading it (profile settings) gets its heading a moment after the route renders. */
const HEADING_WAIT_MS = 3000

export function announceRouteChanges(router: AnyRouter): void {
  let focusedBefore: Element | null = null
  let cancelPending = () => {}
  router.subscribe('onBeforeNavigate', () => {
    focusedBefore = document.activeElement
  })
  router.subscribe('onRendered', (event) => {
    const leaf = router.state.matches.at(-1)
    const title = leaf ? pageTitle(leaf.routeId, leaf.search) : null
    if (title !== null) document.title = title
    // A dashboard tab or dialog changes the query only: focus stays on the control the owner used.
    if (!event.fromLocation || !event.pathChanged) return
    cancelPending()
    cancelPending = focusMainHeading(focusedBefore)
  })
}

function focusMainHeading(focusedBefore: Element | null): () => void {
  const started = Date.now()
  let frame = 0
  const attempt = () => {
    const active = document.activeElement
    // The new page focused something itself (a field, a dialog): that wins.
    if (active && active !== document.body && active !== focusedBefore && active.isConnected) return
    const heading = mainHeading()
    const waited = Date.now() - started >= HEADING_WAIT_MS
    const target = heading ?? (waited ? document.querySelector<HTMLElement>('main') : null)
    if (!target) {
      frame = requestAnimationFrame(attempt)
      return
    }
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }
  frame = requestAnimationFrame(attempt)
  return () => cancelAnimationFrame(frame)
}

/** The page's visible title: its h1, or its h2 where the h1 is for screen readers only (the owner pages). */
function mainHeading(): HTMLElement | null {
  const main = document.querySelector('main')
  if (!main) return null
  const visible = (element: HTMLElement) => element.getBoundingClientRect().width > 1 && !element.closest('[aria-hidden="true"]')
  for (const level of ['h1', 'h2']) {
    const heading = Array.from(main.querySelectorAll<HTMLElement>(level)).find(visible)
    if (heading) return heading
  }
  return null
}
