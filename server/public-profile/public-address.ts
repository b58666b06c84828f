// Which profile a public address names: the one whose shareableId it is, exactly; else the owner whose claimed username
// it is. One condition for every visitor path (the page, the JSON, the purchase), so none can resolve differently.
import { type SQL, sql } from 'drizzle-orm'
import { profiles, publicAddresses } from '../db/schema.ts'

/**
 * A username counts only while `public_addresses` holds it as that user's username: a username that clashed with a
 * shareableId before the address table existed, or the text of a retired (deleted owner's) shareableId, never
 * resolves to anyone else (decision 070).
 *
 * The id is found by two probes in one statement, each through its own unique index (profiles_shareable_key, then
 * public_addresses' primary key and profiles_user_key), joined by UNION ALL; the shareableId's row comes first. An OR
 * across profiles and a correlated EXISTS on public_addresses would read every profile instead (issue 26).
 */
export function namedBy(address: string): { where: SQL } {
  const profileId = sql`(select named.id from (
      select ${profiles.id} as id, 0 as rank from ${profiles} where ${profiles.shareableId} = ${address}
      union all
      select owned.id, 1 from ${publicAddresses} join ${profiles} as owned on owned.user_id = ${publicAddresses.userId}
      where ${publicAddresses.address} = ${address.toLowerCase()} and ${publicAddresses.kind} = 'username'
    ) as named order by named.rank limit 1)`
  return { where: sql`${profiles.id} = ${profileId}` }
}
