// Owns the visitor page's modal dialog on the native <dialog>: the browser gives it the focus trap, Escape and the
// inert page behind it, without a UI library.
import { IconX } from '@tabler/icons-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Toaster } from './toasts.tsx'

export type DialogProps = {
  opened: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** On a phone, a sheet along the bottom edge, within the thumb's reach. */
  sheet?: boolean
}

export function Dialog({ opened, onClose, title, children, sheet = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (opened && !dialog.open) dialog.showModal()
    if (!opened && dialog.open) dialog.close()
  }, [opened])

  return (
    <dialog
      ref={ref}
      className={sheet ? 'qv-dialog qv-sheet' : 'qv-dialog'}
      aria-labelledby={titleId}
      // Escape and close() both end here; the owner of `opened` hears about it either way.
      onClose={() => {
        if (opened) onClose()
      }}
      // A click on the backdrop lands on the <dialog> itself, never on its inner box.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {opened && (
        <div className="qv-dialog-inner">
          <div className="qv-dialog-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="qv-btn qv-close" aria-label="Close" onClick={onClose}>
              <IconX size={18} aria-hidden />
            </button>
          </div>
          {children}
          {/* The page's toasts are under the backdrop while a dialog is open; its own copy shows them above it. */}
          <Toaster inDialog />
        </div>
      )}
    </dialog>
  )
}
