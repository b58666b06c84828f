// Route /forgot-password (issue 24): a public page, outside the protected layout.
import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'

export const Route = createFileRoute('/forgot-password')({
  component: function ForgotPasswordPageRoute() {
    return (
      <>
        <SiteHeader />
        <ForgotPasswordPage />
      </>
    )
  },
})
