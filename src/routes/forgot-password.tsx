// Route /forgot-password (issue 24): a public page, outside the protected layout; `email` fills the field (from /register).
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'

// Anything else in the address is dropped rather than refused: the page still opens, with an empty field.
const ForgotSearchSchema = v.object({ email: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(254))), undefined) })

export const Route = createFileRoute('/forgot-password')({
  validateSearch: ForgotSearchSchema,
  component: function ForgotPasswordPageRoute() {
    const { email } = Route.useSearch()
    return (
      <>
        <SiteHeader />
        <ForgotPasswordPage initialEmail={email} />
      </>
    )
  },
})
