// Owns the dashboard's query parameters (spec section 2): view selects the tab, modal a dialog, id the edited item.
import * as v from 'valibot'

export const DASHBOARD_VIEWS = ['dashboard', 'order', 'profile', 'purchases'] as const
export type DashboardView = (typeof DASHBOARD_VIEWS)[number]
export const DASHBOARD_MODALS = ['qr', 'new', 'edit'] as const
export type DashboardModal = (typeof DASHBOARD_MODALS)[number]

// Unknown values fall back instead of failing the page: these addresses are typed and shared by people.
export const DashboardSearchSchema = v.object({
  view: v.fallback(v.optional(v.picklist(DASHBOARD_VIEWS), 'dashboard'), 'dashboard'),
  modal: v.fallback(v.optional(v.picklist(DASHBOARD_MODALS)), undefined),
  id: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), undefined),
})
export type DashboardSearch = v.InferOutput<typeof DashboardSearchSchema>
