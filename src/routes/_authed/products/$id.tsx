// Route /products/{id}: the edit wishlist item page.
import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '../../../features/wishlist/product-page.tsx'
import { OwnerPageFrame } from '../-components/owner-page-frame.tsx'
import { useOwnerSync } from '../../../features/owner-session/owner-sync.ts'

export const Route = createFileRoute('/_authed/products/$id')({
  component: function EditProductRoute() {
    const { id } = Route.useParams()
    const { db } = useOwnerSync()
    return (
      <OwnerPageFrame tab="dashboard">
        <ProductPage db={db} id={id} />
      </OwnerPageFrame>
    )
  },
})
