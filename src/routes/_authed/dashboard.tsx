// Route /dashboard: the owner's dashboard; view, modal and id come from the query (spec section 2).
import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx'
import { DashboardSearchSchema } from '../../features/dashboard/dashboard-search.ts'
import { QrDialogContent } from '../../features/qr/qr-dialog.tsx'
import { ThemeSwitch } from '../../features/shell/theme-switch.tsx'

export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: DashboardSearchSchema,
  component: function DashboardRoute() {
    return (
      <DashboardPage
        search={Route.useSearch()}
        headerActions={<ThemeSwitch />}
        dialogSlots={{ qr: ({ shareableId, onClose }) => <QrDialogContent shareableId={shareableId} onClose={onClose} /> }}
      />
    )
  },
})
