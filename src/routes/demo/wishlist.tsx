// Route /demo/wishlist: the demo wishlist the landing page links to.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/demo/wishlist')({
  component: () => <PlaceholderPage title="Demo wishlist" />,
})
