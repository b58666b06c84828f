// Owns long text on the visitor page: clamped to a few lines with 'More', so the first gift stays above the fold.
import { useId, useState } from 'react'
import { OPENED_ATTRIBUTE } from './dom-hooks.ts'
import { useHydrated } from './page-context.ts'

export type ExpandableTextProps = {
  text: string
  /** Lines shown while clamped (the CSS class sets them). */
  className: string
  /** Text longer than this (or with more line breaks than `maxBreaks`) is clamped; shorter text shows whole. */
  maxChars: number
  maxBreaks: number
}

/**
 * Decided by length, not by measuring, so the server renders the same page the browser hydrates. The 'More' button
 * waits for the script (like Purchase), so a tap is never swallowed. Before React, the page's plain code runs the
 * button (static-page.ts); React then starts from what the visitor left open, so hydration finds the same text.
 */
export function ExpandableText({ text, className, maxChars, maxBreaks }: ExpandableTextProps) {
  const id = useId()
  const [open, setOpen] = useState(() => openedBeforeReact(id))
  const hydrated = useHydrated()
  const long = isLongText(text, maxChars, maxBreaks)
  return (
    <>
      <p id={id} className={long && !open ? `${className} qv-clamped` : className}>
        {text}
      </p>
      {long && (
        <button type="button" className="qv-more" aria-expanded={open} aria-controls={id} disabled={!hydrated} onClick={() => setOpen(!open)}>
          {open ? 'Less' : 'More'}
        </button>
      )}
    </>
  )
}

/** The server's paragraph of this id, unclamped by the plain code's 'More' (none on the server or in a fresh render). */
function openedBeforeReact(id: string): boolean {
  const paragraph = typeof document === 'undefined' ? null : document.getElementById(id)
  return paragraph?.getAttribute(OPENED_ATTRIBUTE) === 'true'
}

export function isLongText(text: string, maxChars: number, maxBreaks: number): boolean {
  return text.length > maxChars || (text.match(/\n/g)?.length ?? 0) > maxBreaks
}
