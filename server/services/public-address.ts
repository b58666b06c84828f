// Which profile a public address names: the one whose shareableId it is, exactly; else the owner whose claimed username
// it is. One condition for every visitor path (the page, the JSON, the purchase), so none can resolve differently.
import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import { profiles, publicAddresses, users } from '../db/schema.ts'

/**
 * A username counts only while `public_addresses` holds it as that user's username: a username that clashed with a
 * shareableId before the address table existed, or the text of a retired (deleted owner's) shareableId, never
 * resolves to anyone else (decision 070). Needs `profiles` joined with `users`.
 */
export function namedBy(address: string): { where: SQL; order: SQL } {
  const claimedUsername = sql`exists (select 1 from ${publicAddresses} where ${and(
    eq(publicAddresses.address, address.toLowerCase()),
    eq(publicAddresses.kind, 'username'),
    eq(publicAddresses.userId, users.id),
  )})`
  return {
    where: or(eq(profiles.shareableId, address), claimedUsername) as SQL,
    // A shareableId match wins over any username, in case both exist.
    order: sql`case when ${profiles.shareableId} = ${address} then 0 else 1 end`,
  }
}
