// Owns the reaction to the global logout event: the user is sent to /login and comes back here after signing in.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { onSessionEnded } from '../../api/tokens.ts'

/**
 * A mailed link's pages hold their token in memory only: leaving them would lose the link. The session that ended
 * is another account's or is learnt again later (decision 203).
 */
const KEEPS_ITS_PAGE = new Set(['/reset-password', '/undo-email-change'])

export function useSessionEndRedirect(): void {
  const navigate = useNavigate()
  const router = useRouter()
  useEffect(
    () =>
      onSessionEnded(() => {
        if (KEEPS_ITS_PAGE.has(router.state.location.pathname)) return
        const here = router.state.location.href
        void navigate({ to: '/login', search: { redirect: here.startsWith('/login') ? undefined : here }, replace: true })
      }),
    [navigate, router],
  )
}
