// Owns the wishlist read before the dashboard's first render, while the page's code loads (decision 110).
import { getSyncClient } from '../../sync/sync-client.ts'
import { readWishlistAhead } from './use-wishlist.ts'

/**
 * The longest the first render waits for the read: a slower one (a busy disk, a database upgrade in another tab)
 * lets the page show its placeholders, as without the read, and the live query fills them.
 */
const READ_AHEAD_WAIT_MS = 400

/**
 * Called by the dashboard route's loader after the protected guard, so the local data already belongs to the
 * signed-in owner. Never fails the page.
 */
export async function readWishlistBeforeRender(): Promise<void> {
  performance.mark('qrtee:read-asked')
  const read = readWishlistAhead(getSyncClient().db)
    .then(() => void performance.mark('qrtee:read-answered'))
    .catch(() => undefined)
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, READ_AHEAD_WAIT_MS))])
}
