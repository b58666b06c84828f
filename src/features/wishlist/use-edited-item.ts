// Owns finding the item an edit view shows: undefined while the local read runs, null when no item matches.
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { itemQuery } from '../../local/queries.ts'
import { shownItem } from './use-wishlist.ts'

export function useEditedItem(db: OwnerDatabase, id: string | undefined): LocalItem | null | undefined {
  // Until the read answers, the item as the grid showed it (decision 110), so the dialog's first frame has its fields.
  const shown = id ? shownItem(db, id) : undefined
  // Wrapped in an object because useLiveQuery reports "still loading" as undefined, which a missing row also is.
  const found = useLiveQuery(async () => ({ item: id ? ((await itemQuery(db, id)) ?? null) : null }), [db, id], shown ? { item: shown } : undefined)
  return found?.item
}

/**
 * The id of the item this view has shown, once it has: when the item is then gone (deleted in another tab or on another
 * device), the open form stays with its typing instead of turning into 'No product selected' (decision 205). Starts
 * from the item at hand, so a dialog opened from the grid renders no more than before.
 */
export function useShownItemId(item: LocalItem | null | undefined): string | undefined {
  const [shownId, setShownId] = useState(item?.id)
  if (item && item.id !== shownId) setShownId(item.id)
  return item ? item.id : shownId
}
