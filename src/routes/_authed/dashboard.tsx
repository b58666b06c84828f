// Route /dashboard: the owner's dashboard; view, modal and id come from the query (spec section 2).
import { createFileRoute } from '@tanstack/react-router'
import { DashboardSearchSchema } from '../../features/dashboard/dashboard-search.ts'
import { OwnerDashboard } from './-components/owner-dashboard.tsx'

export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: DashboardSearchSchema,
  // On entering the page (not on a hover's preload, which may come long before), the wishlist is read while the
  // page's code loads, so the first render has the cards (decision 110). Loaded on demand, like the guard's sync code.
  loader: async ({ preload, location }) => {
    if (!preload) await (await import('./-components/dashboard-read-ahead.ts')).readDashboardAhead(location.search)
  },
  component: function DashboardRoute() {
    return <OwnerDashboard search={Route.useSearch()} />
  },
})
