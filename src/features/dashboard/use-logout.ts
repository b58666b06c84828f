// Owns the end of a chosen logout: private caches cleared, tokens forgotten, 'Logged out', and the user lands on /login.
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { logout } from '../../api/auth.ts'

/** How long the page waits for the service worker to confirm; a busy or missing worker must not block the logout. */
const CACHE_CLEAR_WAIT_MS = 1_000

/**
 * Asks the controlling service worker (sw/private-caches.ts) to delete the caches that may hold the owner's data,
 * and waits briefly for its answer so the next page does not read them.
 */
function clearPrivateCaches(): Promise<void> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null
  if (!controller) return Promise.resolve()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(resolve, CACHE_CLEAR_WAIT_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      resolve()
    }
    controller.postMessage({ type: 'CLEAR_PRIVATE_CACHES' }, [channel.port2])
  })
}

/** The caller has already dealt with local data (the sync-status feature's guard warns and clears it). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate()
  return useCallback(async () => {
    // Not awaited: the tokens are already gone locally, and the revoke call may hang on a dead network.
    void logout()
    await clearPrivateCaches()
    notifications.show({ title: 'Logged out', message: 'You have been signed out.' })
    await navigate({ to: '/login', replace: true })
  }, [navigate])
}
