// Owns where a successful sign-in goes: the same-origin `redirect` the guard passed along, else /dashboard.
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { DEFAULT_AFTER_SIGN_IN, isSameOriginPath } from '../../lib/safe-redirect.ts'

export function useAfterSignIn(redirect: string | undefined): () => Promise<void> {
  const router = useRouter()
  return useCallback(() => {
    // Checked again here (not only in the route's search schema) because this is where the navigation happens.
    const target = redirect && isSameOriginPath(redirect) ? redirect : DEFAULT_AFTER_SIGN_IN
    return router.navigate({ href: target, replace: true })
  }, [redirect, router])
}
