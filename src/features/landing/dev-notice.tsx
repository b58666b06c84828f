// Owns the optional 'This site is under development' notice (spec sections 2 and 4). It starts closed, so visitors
// never see it; `?notice=dev` opens it (a preview for whoever turns it on). Its dismissal lasts for the browser session.
import { useEffect, useRef } from 'react'

/** sessionStorage key meaning 'dev notice dismissed'. */
export const DEV_NOTICE_DISMISSED_KEY = 'dev-notice-dismissed'
/** The spec's dialog starts closed. */
const STARTS_OPEN = false

function dismissed(): boolean {
  try {
    return sessionStorage.getItem(DEV_NOTICE_DISMISSED_KEY) === 'true'
  } catch {
    return false
  }
}

function wanted(): boolean {
  return STARTS_OPEN || new URLSearchParams(window.location.search).get('notice') === 'dev'
}

export function DevNotice() {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    if (wanted() && !dismissed() && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [])
  const dismiss = () => {
    try {
      sessionStorage.setItem(DEV_NOTICE_DISMISSED_KEY, 'true')
    } catch {
      // Without session storage the notice simply comes back on the next visit.
    }
    dialog.current?.close()
  }
  return (
    <dialog ref={dialog} className="ps-dialog" aria-labelledby="dev-notice-title" onCancel={dismiss}>
      <h2 id="dev-notice-title">This site is under development</h2>
      <p>Some features are still being built. Thank you for trying QR Tee early!</p>
      <button type="button" className="ps-button" onClick={dismiss}>
        OK
      </button>
    </dialog>
  )
}
