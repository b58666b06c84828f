// Owns what the Order tab reads: the catalog and countries from the server (reloaded when the device comes back
// online after a failure), and from the local database the owner's shareable id, orders and remembered recipient.
import { useNetwork } from '@mantine/hooks'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { CatalogProduct, Country, Order } from '../../contract/order.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { fetchCatalog, lastSeenCatalog, rememberCatalog } from './order-api.ts'
import { EMPTY_RECIPIENT, type RecipientDraft } from './order-form.ts'

export type CatalogState =
  | { status: 'loading' }
  | { status: 'error' }
  /** `saved`: the last catalog this device saw, shown while the server cannot be asked. */
  | { status: 'loaded'; products: CatalogProduct[]; countries: Country[]; demo: boolean; saved?: boolean }

export function useCatalog(): CatalogState {
  const { online } = useNetwork()
  const [state, setState] = useState<CatalogState>({ status: 'loading' })
  const fresh = state.status === 'loaded' && !state.saved
  useEffect(() => {
    if (fresh || !online) return
    const controller = new AbortController()
    fetchCatalog(controller.signal).then(
      (catalog) => {
        rememberCatalog(catalog)
        setState({ status: 'loaded', ...catalog })
      },
      () => {
        if (controller.signal.aborted) return
        const saved = lastSeenCatalog()
        setState(saved ? { status: 'loaded', ...saved, saved: true } : { status: 'error' })
      },
    )
    return () => controller.abort()
  }, [fresh, online])
  // Offline: the last catalog this device saw keeps the form (the effect loads a fresh one once online).
  if (!online && state.status === 'loading') {
    const saved = lastSeenCatalog()
    return saved ? { status: 'loaded', ...saved, saved: true } : { status: 'error' }
  }
  return state
}

const NO_ORDERS: Order[] = []

export function useOrders(db: OwnerDatabase): Order[] {
  return useLiveQuery(() => db.orders.orderBy('createdAt').reverse().toArray(), [db]) ?? NO_ORDERS
}

export function useShareableId(db: OwnerDatabase): string | null {
  return useLiveQuery(async () => (await db.profile.toCollection().first())?.shareableId ?? null, [db]) ?? null
}

/** The recipient as last typed on this device: read once, then every change is written back. */
export function useRememberedRecipient(db: OwnerDatabase): [RecipientDraft | null, (next: RecipientDraft) => void] {
  const [recipient, setRecipient] = useState<RecipientDraft | null>(null)
  useEffect(() => {
    let live = true
    db.orderDrafts.get('recipient').then(
      (row) => live && setRecipient({ ...EMPTY_RECIPIENT, ...(row?.key === 'recipient' ? row.value : {}) }),
      () => live && setRecipient(EMPTY_RECIPIENT),
    )
    return () => {
      live = false
    }
  }, [db])
  const update = (next: RecipientDraft) => {
    setRecipient(next)
    // Best effort: a full disk must not stop the owner typing.
    db.orderDrafts.put({ key: 'recipient', value: next }).catch(() => {})
  }
  return [recipient, update]
}
