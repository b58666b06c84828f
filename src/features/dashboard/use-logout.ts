// Owns the end of a chosen logout: push ended on this device, private caches cleared, tokens forgotten, 'Logged out',
// and the user lands on /login.
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { logout } from '../../api/auth.ts'
import { endPushOnThisDevice } from '../../api/push-subscriptions.ts'
import { clearPrivateCaches } from '../../api/private-caches.ts'

export type LogoutNotice = { title: string; message: string }

const LOGGED_OUT: LogoutNotice = { title: 'Logged out', message: 'You have been signed out.' }

/**
 * The caller has already dealt with local data (the sync-status feature's guard warns and clears it). `notice` is
 * what the owner reads afterwards; a deleted account says so instead of 'Logged out'.
 */
export function useLogout(notice: LogoutNotice = LOGGED_OUT): () => Promise<void> {
  const navigate = useNavigate()
  const { title, message } = notice
  return useCallback(async () => {
    // While the tokens still exist: the server forgets this device's push subscription, then the browser drops it
    // (bounded wait; a deleted account's tokens are already gone, so only the browser's part runs).
    await endPushOnThisDevice()
    // Not awaited: the tokens are already gone locally, and the revoke call may hang on a dead network.
    void logout()
    await clearPrivateCaches()
    notifications.show({ title, message })
    await navigate({ to: '/login', replace: true })
  }, [navigate, title, message])
}
