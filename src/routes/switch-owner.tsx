// Route /switch-owner: another owner's unsent changes are on this device (decision 156); `redirect` is where to go after.
import { createFileRoute } from '@tanstack/react-router'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { OwnerSwitchPanel } from '../features/owner-session/owner-switch-panel.tsx'
import { SiteHeader } from '../features/shell/site-header.tsx'
import { AuthSearchSchema } from '../lib/safe-redirect.ts'

export const Route = createFileRoute('/switch-owner')({
  validateSearch: AuthSearchSchema,
  component: function SwitchOwnerRoute() {
    const { redirect } = Route.useSearch()
    return (
      <>
        <SiteHeader />
        <AuthCard title="Unsent changes on this device">
          <OwnerSwitchPanel redirect={redirect} />
        </AuthCard>
      </>
    )
  },
})
