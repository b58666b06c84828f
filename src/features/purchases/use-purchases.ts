// Owns the Purchases tab's live read of the local database: purchase records and the items they name.
import { useLiveQuery } from 'dexie-react-hooks'
import type { PurchaseRecord } from '../../contract/purchase.ts'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { itemsQuery, purchasesQuery } from '../../local/queries.ts'

export type PurchasesState =
  | { status: 'loading' }
  | { status: 'loaded'; purchases: PurchaseRecord[]; items: LocalItem[] }
  | { status: 'error'; message: string }

/** Errors become a state rather than a throw, because useLiveQuery would rethrow them into the render. */
async function readPurchases(db: OwnerDatabase): Promise<PurchasesState> {
  try {
    const [purchases, items] = await Promise.all([purchasesQuery(db), itemsQuery(db)])
    return { status: 'loaded', purchases, items }
  } catch {
    return { status: 'error', message: 'Failed to load purchases' }
  }
}

export function usePurchases(db: OwnerDatabase): PurchasesState {
  return useLiveQuery(() => readPurchases(db), [db]) ?? { status: 'loading' }
}
