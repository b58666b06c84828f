// Route /products/new: the new wishlist item page.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/_authed/products/new')({
  component: () => <PlaceholderPage title="New product" />,
})
