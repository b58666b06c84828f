// Route /undo-email-change (decision 198): the take-back link mailed to the address an email change left; public.
import { createFileRoute } from '@tanstack/react-router'
import { UndoEmailChangePage } from '../features/auth/password-link-page.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'

export const Route = createFileRoute('/undo-email-change')({
  staticData: { keepsPageOnSessionEnd: true },
  component: function UndoEmailChangePageRoute() {
    return (
      <>
        <SiteHeader />
        <UndoEmailChangePage />
      </>
    )
  },
})
