// Route /login: the sign-in page; `redirect` says where to go afterwards.
import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/login-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'
import { AuthSearchSchema } from '../lib/safe-redirect.ts'

export const Route = createFileRoute('/login')({
  validateSearch: AuthSearchSchema,
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return (
      <>
        <SiteHeader />
        <LoginPage redirect={redirect} />
      </>
    )
  },
})
