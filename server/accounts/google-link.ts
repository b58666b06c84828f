// Owns 'Connect Google' for a signed-in owner (issue 24): one Google account per owner, and a Google account on one owner.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { linkedIdentities, users } from '../db/schema.ts'
import type { IdentityLink } from './accounts.ts'

export type GoogleConnection = 'connected' | 'already_linked' | 'google_already_connected'

/**
 * Links `identity` to `userId`. A Google account linked to another owner stays there ('already_linked'); an owner who
 * already has another Google account keeps it ('google_already_connected'): the settings show and disconnect exactly
 * one, and a second, silently added, would be a sign-in the owner cannot see. Connecting the same one again is a no-op.
 * The owner's row is locked first, so two connect callbacks of one owner cannot each add a different account.
 */
export function connectGoogle(db: Db, userId: string, identity: IdentityLink, now: Date): Promise<GoogleConnection> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: serialises the owner's connects without blocking sign-ins, which take KEY SHARE.
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    if (!owner) return 'already_linked'
    const current = await tx
      .select({ subject: linkedIdentities.subject })
      .from(linkedIdentities)
      .where(and(eq(linkedIdentities.userId, userId), eq(linkedIdentities.provider, identity.provider)))
    if (current.some((row) => row.subject === identity.subject)) return 'connected'
    const [holder] = await tx
      .select({ userId: linkedIdentities.userId })
      .from(linkedIdentities)
      .where(and(eq(linkedIdentities.provider, identity.provider), eq(linkedIdentities.subject, identity.subject)))
    if (holder) return 'already_linked'
    if (current.length > 0) return 'google_already_connected'
    const [linked] = await tx.insert(linkedIdentities).values({ ...identity, userId, linkedAt: now }).onConflictDoNothing().returning({ userId: linkedIdentities.userId })
    // Lost a race with another owner's link of the same Google account (their sign-in, not under our lock).
    return linked ? 'connected' : 'already_linked'
  })
}

