// Route /help-center: the Help Center.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/help-center')({
  component: () => <PlaceholderPage title="Help Center" />,
})
