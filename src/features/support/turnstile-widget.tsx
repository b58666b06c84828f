// Owns the Cloudflare Turnstile widget of the contact form (spec sections 4 and 9): the script loaded on demand, light
// theme, retry interval 8000 ms; a token on success, none after expiry; an error (or no widget within 30000 ms) reports
// the captcha as blocked, so the form drops the requirement.
import { useEffect, useRef } from 'react'
import { SUPPORT_CAPTCHA_ACTION } from '../../contract/support.ts'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
export const CAPTCHA_RETRY_INTERVAL_MS = 8000
/** How long the widget may take to appear before the page stops waiting and sends without it. */
export const CAPTCHA_RESPONSE_WAIT_MS = 30_000

type RenderOptions = {
  sitekey: string
  action: string
  theme: 'light'
  'retry-interval': number
  callback: (token: string) => void
  'error-callback': () => void
  'expired-callback': () => void
  'timeout-callback': () => void
}
type TurnstileApi = { render: (container: HTMLElement, options: RenderOptions) => string; remove: (id: string) => void; reset: (id: string) => void }

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let scriptLoad: Promise<TurnstileApi> | undefined

function loadTurnstile(): Promise<TurnstileApi> {
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile)
    const script = document.createElement('script')
    script.src = TURNSTILE_SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')))
    script.onerror = () => reject(new Error('Turnstile script blocked'))
    document.head.append(script)
  })
  // A blocked script may load on a later visit (another policy); only this page's attempt is remembered.
  scriptLoad.catch(() => (scriptLoad = undefined))
  return scriptLoad
}

type Props = {
  siteKey: string
  onToken: (token: string | null) => void
  onBlocked: () => void
  /** Changing it renders a fresh widget (a token is single use, so each send needs a new one). */
  generation: number
}

export function TurnstileWidget({ siteKey, onToken, onBlocked, generation }: Props) {
  const container = useRef<HTMLDivElement>(null)
  const callbacks = useRef({ onToken, onBlocked })
  callbacks.current = { onToken, onBlocked }
  useEffect(() => {
    let widgetId: string | undefined
    let settled = false
    const blocked = () => {
      if (settled) return
      settled = true
      callbacks.current.onToken(null)
      callbacks.current.onBlocked()
    }
    const watchdog = setTimeout(blocked, CAPTCHA_RESPONSE_WAIT_MS)
    loadTurnstile().then(
      (api) => {
        if (settled || !container.current) return
        clearTimeout(watchdog)
        widgetId = api.render(container.current, {
          sitekey: siteKey,
          action: SUPPORT_CAPTCHA_ACTION,
          theme: 'light',
          'retry-interval': CAPTCHA_RETRY_INTERVAL_MS,
          callback: (token) => callbacks.current.onToken(token),
          'error-callback': () => {
            clearTimeout(watchdog)
            blocked()
          },
          'expired-callback': () => callbacks.current.onToken(null),
          // The visitor took too long on an interactive challenge: a fresh one appears, the old answer is gone.
          'timeout-callback': () => {
            callbacks.current.onToken(null)
            if (widgetId) api.reset(widgetId)
          },
        })
      },
      () => {
        clearTimeout(watchdog)
        blocked()
      },
    )
    return () => {
      settled = true
      clearTimeout(watchdog)
      if (widgetId) window.turnstile?.remove(widgetId)
    }
  }, [siteKey, generation])
  return <div ref={container} className="ps-captcha" data-testid="captcha" />
}
