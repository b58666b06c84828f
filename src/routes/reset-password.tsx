// Route /reset-password (issue 24): a public page, outside the protected layout.
import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../features/auth/password-link-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'

export const Route = createFileRoute('/reset-password')({
  staticData: { keepsPageOnSessionEnd: true },
  component: function ResetPasswordPageRoute() {
    return (
      <>
        <SiteHeader />
        <ResetPasswordPage />
      </>
    )
  },
})
