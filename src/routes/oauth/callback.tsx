// Route /oauth/callback: main.tsx has already decided on the tokens and erased them from history; this route forwards
// a signed-in user to /dashboard, or says why nobody was signed in (a failed sign-in, or an ignored link).
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { OAuthCallbackFailed, OAuthCallbackIgnored } from '../../features/auth/oauth-callback-page.tsx'
import { IGNORED_VALUE } from '../../features/auth/oauth-callback.ts'
import { hasStoredToken } from '../../features/auth/session.ts'

export const Route = createFileRoute('/oauth/callback')({
  validateSearch: v.object({
    error: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
    link: v.fallback(v.optional(v.picklist([IGNORED_VALUE])), undefined),
  }),
  beforeLoad: ({ search }) => {
    // After an ignored link the owner's own session is still there; the page must say what happened, not move on.
    if (hasStoredToken() && search.link !== IGNORED_VALUE) throw redirect({ to: '/dashboard', replace: true })
  },
  component: function OAuthCallbackRoute() {
    const { error, link } = Route.useSearch()
    return link === IGNORED_VALUE ? <OAuthCallbackIgnored signedIn={hasStoredToken()} /> : <OAuthCallbackFailed error={error} />
  },
})
