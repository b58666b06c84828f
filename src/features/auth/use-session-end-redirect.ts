// Owns the reaction to the global logout event: the user is sent to /login and comes back here after signing in.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { onSessionEnded } from '../../api/tokens.ts'

export function useSessionEndRedirect(): void {
  const navigate = useNavigate()
  const router = useRouter()
  useEffect(
    () =>
      onSessionEnded(() => {
        const here = router.state.location.href
        void navigate({ to: '/login', search: { redirect: here.startsWith('/login') ? undefined : here }, replace: true })
      }),
    [navigate, router],
  )
}
