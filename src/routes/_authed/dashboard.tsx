// Route /dashboard: the owner's dashboard; view, modal and id come from the query (spec section 2).
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DashboardSearchSchema } from '../../features/dashboard/dashboard-search.ts'
import { OwnerDashboard } from './-components/owner-dashboard.tsx'

export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: DashboardSearchSchema,
  // On entering the page (not on a hover's preload, which may come long before), the wishlist is read while the
  // page's code loads, so the first render has the cards (decision 110). Loaded on demand, like the guard's sync code.
  loader: async ({ preload, location }) => {
    if (preload) return
    // The address as typed: the schema's defaults say which tab it opens; only the wishlist tab reads ahead.
    const parsed = v.safeParse(DashboardSearchSchema, location.search)
    if (!parsed.success || parsed.output.view !== 'dashboard') return
    await (await import('../../features/wishlist/wishlist-read-ahead.ts')).readWishlistBeforeRender()
  },
  component: function DashboardRoute() {
    return <OwnerDashboard search={Route.useSearch()} />
  },
})
