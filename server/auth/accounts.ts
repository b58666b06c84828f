// Accounts: creating a user with their profile and public addresses in one transaction, and finding a user for sign-in.
import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { profiles, publicAddresses, users } from '../db/schema.ts'
import { invalidatePublicAddresses } from '../services/public-profile-cache.ts'
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

/**
 * Which of username and email an existing account already uses, compared case-insensitively (username first). A
 * username equal to any public address (another's username or any profile's shareableId) counts as taken.
 */
export async function findConflict(db: Db, username: string, email: string): Promise<AccountConflict | undefined> {
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sameUsername(username), sameEmail(email)))
  if (taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) return 'username'
  if (await isAddressTaken(db, username)) return 'username'
  if (taken.length > 0) return 'email'
  return undefined
}

async function isAddressTaken(db: Db, address: string): Promise<boolean> {
  const [row] = await db.select({ address: publicAddresses.address }).from(publicAddresses).where(eq(publicAddresses.address, address.toLowerCase())).limit(1)
  return row !== undefined
}

/**
 * Claims a public address for the user; false when it already has an owner. The primary key on the lower-cased address
 * decides between two writers at once (the second waits for the first to commit, then finds it taken).
 */
async function claimAddress(db: Db, address: string, userId: string, kind: 'username' | 'shareable_id'): Promise<boolean> {
  const claimed = await db
    .insert(publicAddresses)
    .values({ address: address.toLowerCase(), userId, kind })
    .onConflictDoNothing()
    .returning({ address: publicAddresses.address })
  return claimed.length > 0
}

/** Thrown inside the transaction to undo the user row when the username turns out to be an address already. */
class UsernameTaken extends Error {}

/**
 * Inserts the user and their WISHLIST profile atomically, claiming both public addresses. `ON CONFLICT DO NOTHING`
 * (rather than catching 23505) keeps the transaction usable on PostgreSQL, where a failed statement aborts it, so a
 * lost race still gets a 409. Afterwards, cached 404s of the new addresses end on every server.
 */
export async function createAccount(db: Db, account: NewAccount, now: Date, drawShareableId: () => string = randomShareableId): Promise<CreatedAccount> {
  let created: CreatedAccount
  try {
    created = await db.transaction(async (tx): Promise<CreatedAccount> => {
      const [user] = await tx
        .insert(users)
        .values({ ...account, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id })
      if (!user) return { ok: false, conflict: (await findConflict(tx, account.username, account.email)) ?? 'email' }
      if (!(await claimAddress(tx, account.username, user.id, 'username'))) throw new UsernameTaken()
      for (let attempt = 0; attempt < SHAREABLE_ID_ATTEMPTS; attempt++) {
        const shareableId = drawShareableId()
        // A draw that spells an existing username (in any case) or shareableId is drawn again.
        if (!(await claimAddress(tx, shareableId, user.id, 'shareable_id'))) continue
        const [profile] = await tx
          .insert(profiles)
          .values({ userId: user.id, shareableId, profileType: 'WISHLIST', updatedAt: now })
          .onConflictDoNothing({ target: profiles.shareableId })
          .returning({ id: profiles.id })
        if (profile) return { ok: true, userId: user.id, profileId: profile.id, shareableId }
        await tx.delete(publicAddresses).where(eq(publicAddresses.address, shareableId.toLowerCase()))
      }
      throw new Error(`No free shareable id after ${SHAREABLE_ID_ATTEMPTS} attempts`)
    })
  } catch (error) {
    if (error instanceof UsernameTaken) return { ok: false, conflict: 'username' }
    throw error
  }
  if (created.ok) invalidatePublicAddresses([account.username, created.shareableId])
  return created
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
