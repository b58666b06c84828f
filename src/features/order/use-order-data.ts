// Owns what the Order tab reads: the catalog and countries from the server (reloaded when the device comes back
// online after a failure), and from the local database the owner's shareable id, orders, remembered recipient and cart.
import { useNetwork } from '@mantine/hooks'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { CatalogProduct, Country, Order } from '../../contract/order.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { fetchCatalog, lastSeenCatalog, rememberCatalog } from './order-api.ts'
import { type CartDraft, EMPTY_CART, EMPTY_RECIPIENT, type RecipientDraft } from './order-form.ts'
import { clampQuantity } from './quantity.ts'

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

/** A draft as last left on this device: read once, then every change is written back. */
function useRememberedDraft<T>(db: OwnerDatabase, load: () => Promise<T>, save: (next: T) => Promise<unknown>, fallback: T): [T | null, (next: T) => void] {
  const [draft, setDraft] = useState<T | null>(null)
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setDraft(value),
      () => live && setDraft(fallback),
    )
    return () => {
      live = false
    }
    // Read once per database: `load` and `fallback` are new on every render but ask the same question.
  }, [db])
  const update = (next: T) => {
    setDraft(next)
    // Best effort: a full disk must not stop the owner typing.
    save(next).catch(() => {})
  }
  return [draft, update]
}

/** The recipient as last typed on this device. */
export function useRememberedRecipient(db: OwnerDatabase): [RecipientDraft | null, (next: RecipientDraft) => void] {
  return useRememberedDraft(
    db,
    async () => {
      const row = await db.orderDrafts.get('recipient')
      return { ...EMPTY_RECIPIENT, ...(row?.key === 'recipient' ? row.value : {}) }
    },
    (value) => db.orderDrafts.put({ key: 'recipient', value }),
    EMPTY_RECIPIENT,
  )
}

/** The model, size and quantity as last chosen on this device (the catalog decides later whether they still exist). */
export function useRememberedCart(db: OwnerDatabase): [CartDraft | null, (next: CartDraft) => void] {
  return useRememberedDraft(
    db,
    async () => {
      const row = await db.orderDrafts.get('cart')
      if (row?.key !== 'cart') return EMPTY_CART
      const id = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null)
      return { productId: id(row.value.productId), variantId: id(row.value.variantId), quantity: clampQuantity(row.value.quantity) }
    },
    (value) => db.orderDrafts.put({ key: 'cart', value }),
    EMPTY_CART,
  )
}
