// Route /dashboard: the owner's dashboard; view, modal and id come from the query (spec section 2).
import { createFileRoute } from '@tanstack/react-router'
import { DashboardSearchSchema } from '../../features/dashboard/dashboard-search.ts'
import { OwnerDashboard } from './-components/owner-dashboard.tsx'

export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: DashboardSearchSchema,
  component: function DashboardRoute() {
    return <OwnerDashboard search={Route.useSearch()} />
  },
})
