// Accounts: creating a user with their profile and public addresses in one transaction, and finding a user for sign-in.
import { eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { linkedIdentities, profiles, publicAddresses, users } from '../db/schema.ts'
import { invalidatePublicAddresses } from '../profile-cache/public-profile-cache.ts'
import { heldForTakeBack } from './account-tokens.ts'
import { isReservedWord, randomShareableId } from './shareable-id.ts'

import { CONFLICT_MESSAGES } from '../../src/contract/auth.ts'

export { CONFLICT_MESSAGES }

/** `passwordHash` null: an account that signs in with Google only, until its owner sets a password. */
export type NewAccount = { username: string; email: string; passwordHash: string | null; emailVerifiedAt?: Date }
/** A provider's account to link in the same transaction as the new user (Google sign-in). */
export type IdentityLink = { provider: 'google'; subject: string; email: string }
export type AccountConflict = keyof typeof CONFLICT_MESSAGES
export type CreatedAccount = { ok: true; userId: string; profileId: string; shareableId: string } | { ok: false; conflict: AccountConflict }

// 31^10 ids make a collision vanishingly rare; a handful of retries turns "rare" into "never in practice".
const SHAREABLE_ID_ATTEMPTS = 8

const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`
const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`

/** One address written twice: case and surrounding spaces do not make another (the SQL above compares the same way). */
export const isSameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Which of username and email an existing account already uses, compared case-insensitively (username first). A
 * username equal to any public address (another's username or any profile's shareableId) counts as taken; one equal
 * to an app route (/profile/edit) is reserved. The seeded demo account ('demo') is made without asking.
 */
export async function findConflict(db: Db, username: string, email: string, now = new Date()): Promise<AccountConflict | undefined> {
  if (isReservedWord(username)) return 'usernameReserved'
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sameUsername(username), sameEmail(email)))
  if (taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) return 'username'
  if (await isAddressTaken(db, username)) return 'username'
  if (taken.length > 0 || (await heldForTakeBack(db, email, now))) return 'email'
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
/** Thrown inside the transaction when a concurrent sign-in linked the same provider subject first. */
class SubjectTaken extends Error {}

/**
 * Inserts the user and their WISHLIST profile atomically, claiming both public addresses. `ON CONFLICT DO NOTHING`
 * (rather than catching 23505) keeps the transaction usable on PostgreSQL, where a failed statement aborts it, so a
 * lost race still gets a 409. Afterwards, cached 404s of the new addresses end on every server.
 */
export async function createAccount(db: Db, account: NewAccount, now: Date, drawShareableId: () => string = randomShareableId): Promise<CreatedAccount> {
  const created = await insertAccount(db, account, now, drawShareableId)
  // Without a link there is no subject to lose to a concurrent sign-in.
  return created.ok || created.conflict !== 'subject' ? created : { ok: false, conflict: 'email' }
}

/** createAccount for Google sign-in: the provider's subject is linked in the same transaction, and may be taken. */
export function createLinkedAccount(db: Db, account: NewAccount, link: IdentityLink, now: Date, drawShareableId: () => string = randomShareableId) {
  return insertAccount(db, account, now, drawShareableId, link)
}

async function insertAccount(
  db: Db,
  account: NewAccount,
  now: Date,
  drawShareableId: () => string,
  link?: IdentityLink,
): Promise<CreatedAccount | { ok: false; conflict: 'subject' }> {
  let created: CreatedAccount | { ok: false; conflict: 'subject' }
  try {
    created = await db.transaction(async (tx): Promise<CreatedAccount> => {
      const [user] = await tx
        .insert(users)
        .values({ ...account, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id })
      if (!user) return { ok: false, conflict: (await findConflict(tx, account.username, account.email)) ?? 'email' }
      if (!(await claimAddress(tx, account.username, user.id, 'username'))) throw new UsernameTaken()
      if (link) {
        const [linked] = await tx.insert(linkedIdentities).values({ ...link, userId: user.id, linkedAt: now }).onConflictDoNothing().returning({ userId: linkedIdentities.userId })
        if (!linked) throw new SubjectTaken()
      }
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
    if (error instanceof SubjectTaken) return { ok: false, conflict: 'subject' }
    throw error
  }
  if (created.ok) invalidatePublicAddresses(db, [account.username, created.shareableId])
  return created
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sameEmail(email))
    .limit(1)
  return user
}

export async function findUserById(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt, sessionsValidFrom: users.sessionsValidFrom })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return user
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

/** Whether the owner has a password, and which providers they can sign in with (the settings page asks). */
export async function signInMethods(db: Db, userId: string): Promise<{ username: string; hasPassword: boolean; google: boolean } | undefined> {
  const user = await findUserById(db, userId)
  if (!user) return undefined
  const [google] = await db
    .select({ subject: linkedIdentities.subject })
    .from(linkedIdentities)
    .where(sql`${linkedIdentities.userId} = ${userId} and ${linkedIdentities.provider} = 'google'`)
    .limit(1)
  return { username: user.username, hasPassword: user.passwordHash !== null, google: google !== undefined }
}

/**
 * A username for an account made by Google sign-in: the email's local part in the username alphabet, 3 to 32
 * characters (room for a suffix), then with a random number when taken. The public-address claim in createAccount
 * stays the judge of "taken", so a clash with any username or shareableId is drawn again.
 */
export function usernameCandidates(email: string, random: () => number = Math.random): string[] {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[.-]+|[.-]+$/g, '')
  const base = (local.length >= 3 ? local : `${local}user`).slice(0, 32)
  const suffixed = Array.from({ length: 7 }, (_, i) => `${base}${Math.floor(random() * 10 ** (i < 3 ? 4 : 6))}`)
  // edit@example.com becomes edit1234: 'edit' would shadow /profile/edit. createAccount asks nothing, so this is the check.
  return isReservedWord(base) ? suffixed : [base, ...suffixed]
}

export type IdentitySignIn = { userId: string; outcome: 'known' | 'linked' | 'created' } | { outcome: 'unverified-local' | 'other-google' }

/**
 * Finds the owner of a verified provider identity (decision 101): by the linked subject first; else the account whose
 * email equals the verified email, which is then linked only when that account proved the mailbox too (issue 24: an
 * unverified account may be a squatter's, so the sign-in stops there); else a new account without a password. Races with another
 * sign-in of the same subject or a registration of the same email end in one owner: each loser looks again.
 */
export async function signInWithIdentity(db: Db, identity: IdentityLink, now: Date): Promise<IdentitySignIn> {
  for (let round = 0; round < 3; round++) {
    const [known] = await db
      .select({ userId: linkedIdentities.userId })
      .from(linkedIdentities)
      .where(sql`${linkedIdentities.provider} = ${identity.provider} and ${linkedIdentities.subject} = ${identity.subject}`)
      .limit(1)
    if (known) return { userId: known.userId, outcome: 'known' }
    const existing = await findUserByEmail(db, identity.email)
    if (existing) {
      if (!existing.emailVerifiedAt) return { outcome: 'unverified-local' }
      // One Google account per owner (see connectGoogle): a second one with the same email does not join silently.
      const [other] = await db
        .select({ subject: linkedIdentities.subject })
        .from(linkedIdentities)
        .where(sql`${linkedIdentities.userId} = ${existing.id} and ${linkedIdentities.provider} = ${identity.provider}`)
        .limit(1)
      if (other) return { outcome: 'other-google' }
      const [linked] = await db.insert(linkedIdentities).values({ ...identity, userId: existing.id, linkedAt: now }).onConflictDoNothing().returning({ userId: linkedIdentities.userId })
      if (linked) return { userId: linked.userId, outcome: 'linked' }
      continue
    }
    for (const username of usernameCandidates(identity.email)) {
      // The provider verified this address: the new account's mailbox is proved from the start.
      const created = await createLinkedAccount(db, { username, email: identity.email, passwordHash: null, emailVerifiedAt: now }, identity, now)
      if (created.ok) return { userId: created.userId, outcome: 'created' }
      if (created.conflict !== 'username') break
    }
  }
  throw new Error('No account could be found or made for this sign-in')
}
