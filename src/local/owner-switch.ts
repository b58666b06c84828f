// Owns what another owner's sign-in does to the local data: keep it, claim it, or ask first when it holds unsent changes.
import { OWNER_TABLES, type OwnerDatabase } from './db.ts'
import { readMeta } from './meta.ts'
import { claimLocalDataFor, type ClaimResult } from './session.ts'

export type OwnerSwitchDecision = 'keep' | 'claim' | 'ask'

export type OwnerSwitchInput = {
  /** Whose data the device holds; undefined after a logout or on a fresh device. */
  localOwnerId: string | undefined
  /** Outbox entries of the local owner, pending and failed alike: all of them are lost by a claim. */
  unsentCount: number
  newOwnerId: string
}

/**
 * Issue 25, deliverable 4: a claim deletes the outbox, so another owner's sign-in on a device holding unsent changes
 * never claims by itself; the newcomer is asked whose changes they are (decision 156).
 */
export function decideOwnerSwitch({ localOwnerId, unsentCount, newOwnerId }: OwnerSwitchInput): OwnerSwitchDecision {
  if (localOwnerId === newOwnerId) return 'keep'
  if (localOwnerId === undefined || unsentCount === 0) return 'claim'
  return 'ask'
}

/** The question put to the newcomer: whose changes wait on this device, and how many. */
export type PendingOwnerSwitch = {
  userId: string
  /** From the local profile the first owner synced; undefined if it never arrived (then the page says 'another account'). */
  username: string | undefined
  unsentCount: number
  failedCount: number
}

/** The unsent changes of another owner than `newOwnerId`, or undefined when nothing of another owner would be lost. */
export async function readPendingOwnerSwitch(db: OwnerDatabase, newOwnerId: string): Promise<PendingOwnerSwitch | undefined> {
  return db.transaction('r', [db.meta, db.outbox, db.profile], async () => {
    const owner = await readMeta(db, 'owner')
    const unsentCount = await db.outbox.count()
    if (decideOwnerSwitch({ localOwnerId: owner?.userId, unsentCount, newOwnerId }) !== 'ask' || !owner) return undefined
    const failedCount = await db.outbox.where('status').equals('failed').count()
    const profile = await db.profile.toCollection().first()
    return { userId: owner.userId, username: profile?.username || undefined, unsentCount, failedCount }
  })
}

export type SignInClaim = ClaimResult | 'asked-other-owner'

/**
 * A sign-in's claim that never deletes another owner's unsent changes: in one transaction it keeps, claims, or leaves
 * everything as it is for the newcomer's answer. Meanwhile the engine refuses to push (the data's owner is not the
 * session's), so the first owner's outbox never goes out with the newcomer's token.
 */
export async function claimUnlessUnsent(db: OwnerDatabase, newOwnerId: string): Promise<SignInClaim> {
  return db.transaction('rw', OWNER_TABLES.map((name) => db.table(name)), async () => {
    if (await readPendingOwnerSwitch(db, newOwnerId)) return 'asked-other-owner'
    return claimLocalDataFor(db, newOwnerId)
  })
}

/**
 * The newcomer's 'Discard' after the counted confirmation: claims the device only if the changes are still the ones
 * of `expectedOwnerId` the page named (another tab may have signed that owner back in meanwhile).
 */
export async function discardOtherOwnerFor(db: OwnerDatabase, newOwnerId: string, expectedOwnerId: string): Promise<boolean> {
  return db.transaction('rw', OWNER_TABLES.map((name) => db.table(name)), async () => {
    const owner = await readMeta(db, 'owner')
    if (owner?.userId !== expectedOwnerId || owner.userId === newOwnerId) return false
    await claimLocalDataFor(db, newOwnerId)
    return true
  })
}
