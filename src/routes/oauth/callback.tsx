// Route /oauth/callback: main.tsx has already stored the tokens and erased them from history; this route only
// forwards a signed-in user to /dashboard or shows why the sign-in failed.
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { OAuthCallbackFailed } from '../../features/auth/oauth-callback-page.tsx'
import { hasStoredToken } from '../../features/auth/session.ts'

export const Route = createFileRoute('/oauth/callback')({
  validateSearch: v.object({ error: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined) }),
  beforeLoad: () => {
    if (hasStoredToken()) throw redirect({ to: '/dashboard', replace: true })
  },
  component: function OAuthCallbackRoute() {
    const { error } = Route.useSearch()
    return <OAuthCallbackFailed error={error} />
  },
})
