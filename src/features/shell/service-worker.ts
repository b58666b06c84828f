// Owns the service-worker registration (production builds only) and when to offer "A new version is available";
// each document (the app, the visitor page) shows that offer in its own UI.
import { Workbox } from 'workbox-window'

export type ServiceWorkerHooks = {
  /** A new version waits; `reload` hands it control and reloads the page once it has it. */
  onUpdateWaiting: (reload: () => void) => void
  /** The first worker ever installed has just taken this page (it claims open tabs on install). */
  onFirstControl?: () => void
}

export function registerServiceWorker({ onUpdateWaiting, onFirstControl }: ServiceWorkerHooks): void {
  // The dev server has no built worker; registering one there would serve stale bundles while editing.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  const hadController = navigator.serviceWorker.controller !== null

  // A new version waits (registerType 'prompt') until the user chooses to reload, so a form in progress is not lost.
  wb.addEventListener('waiting', () => {
    onUpdateWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })
  if (!hadController && onFirstControl) {
    navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true })
  }

  wb.register().catch((err: unknown) => console.warn('Service worker registration failed:', err))
}
