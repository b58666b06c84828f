// Owns "after the page's first paint": a part that shows nothing until it is used (a closed dialog: its portal, scroll
// lock and transitions) joins the page in one small render after the first paint, so a reload's large first commit
// carries only what is painted (issue 23 item 12, decision 178).
import { useEffect, useState } from 'react'

let waiting: Set<() => void> | undefined

/**
 * One task after the next frame for every caller of that frame, so their renders are batched into one. Also for work a
 * mount starts that the first paint does not need (a sync trigger, a request): a reload's render runs its effects in
 * its own task, before the frame. Answers the cancel, for an effect's cleanup.
 */
export function afterNextPaint(callback: () => void): () => void {
  if (!waiting) {
    const callbacks = new Set<() => void>()
    waiting = callbacks
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (waiting === callbacks) waiting = undefined
        for (const run of callbacks) run()
      }, 0),
    )
  }
  const callbacks = waiting
  callbacks.add(callback)
  return () => void callbacks.delete(callback)
}

/** False in the first render unless `needed` (the dialog is open already); true from a task after the next paint on. */
export function useAfterFirstPaint(needed: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted])
  return painted || needed
}
