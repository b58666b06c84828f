// Owns the service-worker registration (production builds only) and when to offer "A new version is available";
// each document (the app, the visitor page) shows that offer in its own UI.
import { Workbox } from 'workbox-window'
import { reloadStep } from './update-steps.ts'

export type ServiceWorkerHooks = {
  /** A new version waits or has taken this tab; `reload` brings it in (handing it control first when it waits). */
  onUpdateWaiting: (reload: () => void) => void
  /** The first worker ever installed has just taken this page (it claims open tabs on install). */
  onFirstControl?: () => void
}

/** A worker told to take over that never does (it went redundant) must not leave "Reload" doing nothing. */
const TAKEOVER_WAIT_MS = 4000

export function registerServiceWorker({ onUpdateWaiting, onFirstControl }: ServiceWorkerHooks): void {
  // The dev server has no built worker; registering one there would serve stale bundles while editing.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker
  const wb = new Workbox('/sw.js', { scope: '/' })
  let controlled = container.controller !== null
  let controllerChanged = false
  let reloadAsked = false
  let offered = false

  const reloadNow = () => window.location.reload()
  const reload = () => {
    reloadAsked = true
    void container.getRegistration().then((registration) => {
      const waiting = registration?.waiting
      if (reloadStep({ waiting: waiting != null, controllerChanged }) === 'reload-now' || !waiting) return reloadNow()
      // The new worker claims the open tabs as it activates: the controllerchange below reloads this one.
      waiting.postMessage({ type: 'SKIP_WAITING' })
      setTimeout(reloadNow, TAKEOVER_WAIT_MS)
    }, reloadNow)
  }
  // One offer per page: the visitor's plain toast would otherwise stack a second one; the offer's reload decides late.
  const offer = () => {
    if (offered) return
    offered = true
    onUpdateWaiting(reload)
  }

  // A new version waits (registerType 'prompt') until the user chooses to reload, so a form in progress is not lost.
  wb.addEventListener('waiting', offer)
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true
      onFirstControl?.()
      return
    }
    // Another tab took the update: this page's route chunks are gone from the new worker's cache. It reloads when it
    // asked to; otherwise the offer stays, as the owner may be typing in a dialog (a missing chunk reloads anyway).
    controllerChanged = true
    if (reloadAsked) reloadNow()
    else offer()
  })

  wb.register().catch((err: unknown) => console.warn('Service worker registration failed:', err))
}
