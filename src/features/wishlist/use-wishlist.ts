// Owns the Dashboard tab's live read of the local wishlist and profile, with the spec's load-failure text.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalItem, LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { itemsQuery, profileQuery } from '../../local/queries.ts'

export type WishlistState =
  | { status: 'loading' }
  | { status: 'loaded'; items: LocalItem[]; profile: LocalProfile | null }
  | { status: 'error'; message: string }

/** The items the grid last showed, by id: the edit dialog opens with its item at once instead of after a read. */
const shownItems = new WeakMap<OwnerDatabase, Map<string, LocalItem>>()

export function shownItem(db: OwnerDatabase, id: string): LocalItem | undefined {
  return shownItems.get(db)?.get(id)
}

/** Errors become a state rather than a throw, because useLiveQuery would rethrow them into the render. */
async function readWishlist(db: OwnerDatabase): Promise<WishlistState> {
  try {
    const [items, profile] = await Promise.all([itemsQuery(db), profileQuery(db)])
    shownItems.set(db, new Map(items.map((item) => [item.id, item])))
    return { status: 'loaded', items, profile: profile ?? null }
  } catch (error) {
    return { status: 'error', message: error instanceof Error && error.message ? error.message : 'Failed to load wishlist' }
  }
}

export function useWishlist(db: OwnerDatabase): WishlistState {
  return useLiveQuery(() => readWishlist(db), [db]) ?? { status: 'loading' }
}
