// Owns the Dashboard tab's live read of the local wishlist and profile, with the spec's load-failure text.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalItem, LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { itemsQuery, profileQuery } from '../../local/queries.ts'

export type WishlistState =
  | { status: 'loading' }
  | { status: 'loaded'; items: LocalItem[]; profile: LocalProfile | null }
  | { status: 'error'; message: string }

/** Errors become a state rather than a throw, because useLiveQuery would rethrow them into the render. */
async function readWishlist(db: OwnerDatabase): Promise<WishlistState> {
  try {
    const [items, profile] = await Promise.all([itemsQuery(db), profileQuery(db)])
    return { status: 'loaded', items, profile: profile ?? null }
  } catch (error) {
    return { status: 'error', message: error instanceof Error && error.message ? error.message : 'Failed to load wishlist' }
  }
}

export function useWishlist(db: OwnerDatabase): WishlistState {
  return useLiveQuery(() => readWishlist(db), [db]) ?? { status: 'loading' }
}
