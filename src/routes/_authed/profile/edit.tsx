// Route /profile/edit: the profile settings page.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/_authed/profile/edit')({
  component: () => <PlaceholderPage title="Profile settings" />,
})
