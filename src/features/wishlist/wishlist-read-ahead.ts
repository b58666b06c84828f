// Owns what the dashboard route reads before its first render: the wishlist, while the page's code loads (decision 110).
import * as v from 'valibot'
import { DashboardSearchSchema } from '../../../features/dashboard/dashboard-search.ts'
import { readWishlistAhead } from '../../../features/wishlist/use-wishlist.ts'
import { getSyncClient } from '../../../sync/sync-client.ts'

/**
 * The longest the first render waits for the read: a slower one (a busy disk, a database upgrade in another tab)
 * lets the page show its placeholders, as without the read, and the live query fills them.
 */
const READ_AHEAD_WAIT_MS = 400

/** Runs after the protected guard, so the local data already belongs to the signed-in owner. Never fails the page. */
export async function readDashboardAhead(search: unknown): Promise<void> {
  // The address as typed: the schema's defaults say which tab it opens.
  const parsed = v.safeParse(DashboardSearchSchema, search)
  if (!parsed.success || parsed.output.view !== 'dashboard') return
  const read = readWishlistAhead(getSyncClient().db).catch(() => undefined)
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, READ_AHEAD_WAIT_MS))])
}
