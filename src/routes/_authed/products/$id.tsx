// Route /products/{id}: the edit wishlist item page.
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../features/shell/placeholder-page.tsx'

export const Route = createFileRoute('/_authed/products/$id')({
  component: () => <PlaceholderPage title="Edit product" />,
})
