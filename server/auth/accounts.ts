// Accounts: creating a user with their profile in one transaction, and finding a user by email for sign-in.
import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { profiles, users } from '../db/schema.ts'
import { randomShareableId } from './shareable-id.ts'

export const CONFLICT_MESSAGES = {
  username: 'This username is already taken',
  email: 'An account with this email already exists',
} as const

export type NewAccount = { username: string; email: string; passwordHash: string }
export type AccountConflict = keyof typeof CONFLICT_MESSAGES
export type CreatedAccount = { ok: true; userId: string; profileId: string; shareableId: string } | { ok: false; conflict: AccountConflict }

// 31^10 ids make a collision vanishingly rare; a handful of retries turns "rare" into "never in practice".
const SHAREABLE_ID_ATTEMPTS = 8

const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`
const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`

/** Which of username and email an existing account already uses, compared case-insensitively (username first). */
export async function findConflict(db: Db, username: string, email: string): Promise<AccountConflict | undefined> {
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sameUsername(username), sameEmail(email)))
  if (taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) return 'username'
  if (taken.length > 0) return 'email'
  return undefined
}

/**
 * Inserts the user and their WISHLIST profile atomically. `ON CONFLICT DO NOTHING` (rather than catching 23505)
 * keeps the transaction usable on PostgreSQL, where a failed statement aborts it, so a lost race still gets a 409.
 */
export function createAccount(db: Db, account: NewAccount, now: Date): Promise<CreatedAccount> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...account, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (!user) return { ok: false, conflict: (await findConflict(tx, account.username, account.email)) ?? 'email' }
    for (let attempt = 0; attempt < SHAREABLE_ID_ATTEMPTS; attempt++) {
      const shareableId = randomShareableId()
      const [profile] = await tx
        .insert(profiles)
        .values({ userId: user.id, shareableId, profileType: 'WISHLIST', updatedAt: now })
        .onConflictDoNothing({ target: profiles.shareableId })
        .returning({ id: profiles.id })
      if (profile) return { ok: true, userId: user.id, profileId: profile.id, shareableId }
    }
    throw new Error(`No free shareable id after ${SHAREABLE_ID_ATTEMPTS} attempts`)
  })
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sameEmail(email))
    .limit(1)
  return user
}

export async function findUserById(db: Db, userId: string) {
  const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1)
  return user
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}
