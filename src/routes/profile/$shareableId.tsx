// Route /profile/{shareableId}: the public profile a QR code opens.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/profile/$shareableId')({
  component: () => <PlaceholderPage title="Profile" />,
})
