// Owns the Logout menu item: the session ends at once, the server is told if reachable, and the user lands on /login.
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { logout } from '../../api/auth.ts'

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate()
  return useCallback(async () => {
    // Not awaited: the tokens are already gone locally, and the revoke call may hang on a dead network.
    void logout()
    notifications.show({ title: 'Logged out', message: 'You have been signed out.' })
    await navigate({ to: '/login', replace: true })
  }, [navigate])
}
