// Owns the reaction to the global logout event: the user is sent to /login and comes back here after signing in.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { onSessionEnded } from '../../api/tokens.ts'
import { leavingForSignIn } from '../../ui/unsaved-changes.tsx'

/**
 * A mailed link's pages (route staticData `keepsPageOnSessionEnd`) hold their token in memory only: leaving them would
 * lose the link. The session that ended is another account's or is learnt again later (decision 203).
 */
export function useSessionEndRedirect(): void {
  const navigate = useNavigate()
  const router = useRouter()
  useEffect(
    () =>
      onSessionEnded((reason) => {
        if (router.state.matches.some((match) => match.staticData.keepsPageOnSessionEnd === true)) return
        const here = router.state.location.href
        leavingForSignIn()
        // A form with typing asks first, saying why (it can still be saved on this device); a deleted account's data is
        // wiped, so there is nothing to keep and nothing to ask.
        void navigate({ to: '/login', search: { redirect: here.startsWith('/login') ? undefined : here }, replace: true, ignoreBlocker: reason === 'account-gone' })
      }),
    [navigate, router],
  )
}
