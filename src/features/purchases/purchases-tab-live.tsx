// Owns the Purchases tab fed from the owner's local database, so the dashboard route only hands over the database.
import { useCallback } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { undoPurchase } from '../../local/purchase-writes.ts'
import { PurchasesTab } from './purchases-tab.tsx'
import { usePurchases } from './use-purchases.ts'

const NONE: never[] = []

export function PurchasesTabLive({ db }: { db: OwnerDatabase }) {
  const state = usePurchases(db)
  const onUndo = useCallback((purchaseId: string) => undoPurchase(db, purchaseId), [db])
  return (
    <PurchasesTab
      purchases={state.status === 'loaded' ? state.purchases : NONE}
      items={state.status === 'loaded' ? state.items : NONE}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? state.message : null}
      onUndo={onUndo}
    />
  )
}
