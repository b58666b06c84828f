// Owns what the visitor page's components need to know about the page they render in, on the server or in a browser.
import { createContext, useContext, useSyncExternalStore } from 'react'

/** True on an https page: remote http images are then upgraded (spec section 7). The server knows it from PUBLIC_URL. */
export const SecurePageContext = createContext(false)
export const useSecurePage = () => useContext(SecurePageContext)

const noSubscription = () => () => undefined

/**
 * False while the server's HTML is on screen without its JavaScript, true once React owns the page: a Purchase
 * button that cannot work yet is shown disabled rather than swallowing the visitor's tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false)
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The browser's view of the connection; the server's HTML assumes online, so hydration changes nothing. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true)
}
