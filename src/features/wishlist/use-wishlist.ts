// Owns the Dashboard tab's live read of the local wishlist and profile, with the spec's load-failure text, and the
// same read made ahead of the tab's first render.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { LocalItem, LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { itemsQuery, profileQuery } from '../../local/queries.ts'

export type WishlistState =
  | { status: 'loading' }
  | { status: 'loaded'; items: LocalItem[]; profile: LocalProfile | null }
  | { status: 'error'; message: string }

const LOADING: WishlistState = { status: 'loading' }

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

/**
 * A read made while the page's code loads (the route's loader), taken by the tab's next first render, so that render
 * has the cards instead of placeholders followed by a second render of the whole grid (decision 110). The live query
 * still runs and takes over; a read older than this is not trusted as a first picture.
 */
const READ_AHEAD_TRUST_MS = 2_000
let readAhead: { db: OwnerDatabase; state: WishlistState; at: number } | undefined
/** While a tab shows the wishlist its live query has it: nothing to read ahead. */
let mountedTabs = 0

export async function readWishlistAhead(db: OwnerDatabase): Promise<void> {
  if (mountedTabs > 0) return
  const state = await readWishlist(db)
  if (mountedTabs === 0) readAhead = { db, state, at: performance.now() }
}

function takeReadAhead(db: OwnerDatabase): WishlistState | undefined {
  const ahead = readAhead
  readAhead = undefined
  return ahead && ahead.db === db && performance.now() - ahead.at < READ_AHEAD_TRUST_MS ? ahead.state : undefined
}

export function useWishlist(db: OwnerDatabase): WishlistState {
  const [ahead] = useState(() => takeReadAhead(db))
  useEffect(() => {
    mountedTabs += 1
    return () => void (mountedTabs -= 1)
  }, [])
  return useLiveQuery(() => readWishlist(db), [db], ahead) ?? LOADING
}
