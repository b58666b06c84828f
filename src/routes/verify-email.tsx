// Route /verify-email (issue 24): a public page, outside the protected layout.
import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'

export const Route = createFileRoute('/verify-email')({
  component: function VerifyEmailPageRoute() {
    return (
      <>
        <SiteHeader />
        <VerifyEmailPage />
      </>
    )
  },
})
