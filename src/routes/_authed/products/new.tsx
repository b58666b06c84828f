// Route /products/new: the new wishlist item page.
import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '../../../features/wishlist/product-page.tsx'
import { OwnerPageFrame } from '../-components/owner-page-frame.tsx'
import { useOwnerSync } from '../../../features/owner-session/owner-sync.ts'

export const Route = createFileRoute('/_authed/products/new')({
  component: function NewProductRoute() {
    const { db } = useOwnerSync()
    return (
      <OwnerPageFrame tab="dashboard">
        <ProductPage db={db} />
      </OwnerPageFrame>
    )
  },
})
