// Route /register: the create-account page; `redirect` says where to go afterwards.
import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../features/auth/register-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'
import { AuthSearchSchema } from '../lib/safe-redirect.ts'

export const Route = createFileRoute('/register')({
  validateSearch: AuthSearchSchema,
  component: function RegisterRoute() {
    const { redirect } = Route.useSearch()
    return (
      <>
        <SiteHeader />
        <RegisterPage redirect={redirect} />
      </>
    )
  },
})
