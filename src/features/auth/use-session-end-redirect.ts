// Owns the reaction to the global logout event: the user is sent to /login and comes back here after signing in.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { onSessionEnded } from '../../api/tokens.ts'

/**
 * A mailed link's pages (route staticData `keepsPageOnSessionEnd`) hold their token in memory only: leaving them would
 * lose the link. The session that ended is another account's or is learnt again later (decision 203).
 */
export function useSessionEndRedirect(): void {
  const navigate = useNavigate()
  const router = useRouter()
  useEffect(
    () =>
      onSessionEnded(() => {
        if (router.state.matches.some((match) => match.staticData.keepsPageOnSessionEnd === true)) return
        const here = router.state.location.href
        void navigate({ to: '/login', search: { redirect: here.startsWith('/login') ? undefined : here }, replace: true })
      }),
    [navigate, router],
  )
}
