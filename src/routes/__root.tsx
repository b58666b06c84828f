// Root route: the canonical URL, the reaction to a lost session, and the not-found and error pages.
import { Outlet, createRootRoute } from '@tanstack/react-router'
import { useSessionEndRedirect } from '../features/auth/use-session-end-redirect.ts'
import { ErrorPage } from '../features/shell/error-page.tsx'
import { NotFoundPage } from '../features/shell/not-found-page.tsx'
import { useCanonicalUrl } from '../features/shell/use-canonical-url.ts'

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

function RootLayout() {
  useCanonicalUrl()
  useSessionEndRedirect()
  return <Outlet />
}
