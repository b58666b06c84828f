// Owns the small browser-state hooks of the public pages, which render first on the build machine (prerendered HTML)
// and are then hydrated: each answers the server's value until React runs in a browser.
import { useEffect, useState, useSyncExternalStore } from 'react'

const noSubscription = () => () => undefined

/** False in the prerendered HTML, true once React owns the page: controls that need script stay disabled until then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false)
}

/** The spec's header hides once the page is scrolled past about 100 px and returns near the top. */
export const HEADER_HIDE_AFTER_PX = 100

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}

export function useHeaderHidden(): boolean {
  return useSyncExternalStore(subscribeScroll, () => window.scrollY > HEADER_HIDE_AFTER_PX, () => false)
}

/** Spec section 9: the gradient hero's 'loaded' class is added after 3 s. */
export const GRADIENT_LOADED_AFTER_MS = 3000

export function useLoadedAfter(delayMs: number): boolean {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  return loaded
}
