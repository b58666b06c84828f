// Which user the local data belongs to: the same user's sign-in keeps it (and its outbox), a claim by another wipes it.
import * as v from 'valibot'
import { OWNER_TABLES, type OwnerDatabase } from './db.ts'
import { bumpGeneration, FencedError, readGeneration } from './generation.ts'
import { readMeta, writeMeta } from './meta.ts'

const AccessTokenClaimsSchema = v.object({ sub: v.pipe(v.string(), v.minLength(1)) })

/**
 * The user id (`sub`) of an access token, read without verifying: the server verifies every call, and this only
 * decides whose local data is on the device. Undefined for anything that is not a readable JWT.
 */
export function userIdFromAccessToken(token: string): string | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const parsed = v.safeParse(AccessTokenClaimsSchema, JSON.parse(json))
    return parsed.success ? parsed.output.sub : undefined
  } catch {
    return undefined
  }
}

export type ClaimResult = 'same-user' | 'first-user' | 'wiped-other-user'

/**
 * Makes the local data belong to `userId`. A different user's rows, outbox and images are deleted first, so they
 * never see (or send) the first user's queued edits. A sign-in goes through owner-switch.ts, which asks before this
 * deletes unsent changes (decision 156).
 */
export async function claimLocalDataFor(db: OwnerDatabase, userId: string, expectedGeneration?: number): Promise<ClaimResult> {
  return db.transaction('rw', OWNER_TABLES.map((name) => db.table(name)), async () => {
    // The engine claims only what it read: a logout in between must not be undone by its claim.
    if (expectedGeneration !== undefined && (await readGeneration(db)) !== expectedGeneration) throw new FencedError()
    const owner = await readMeta(db, 'owner')
    if (owner?.userId === userId) return 'same-user'
    const hadOtherUser = owner !== undefined
    const generation = await readGeneration(db)
    await Promise.all(OWNER_TABLES.map((name) => db.table(name).clear()))
    await bumpGeneration(db, generation)
    await writeMeta(db, 'owner', { userId })
    return hadOtherUser ? 'wiped-other-user' : 'first-user'
  })
}

/**
 * Logout: everything local goes, including unsynced entries (the caller has asked the owner first). Only the moved
 * generation stays, so a pull or push still in flight cannot write the owner's data back onto a shared device.
 */
export async function clearLocalData(db: OwnerDatabase): Promise<void> {
  await db.transaction('rw', OWNER_TABLES.map((name) => db.table(name)), async () => {
    const generation = await readGeneration(db)
    await Promise.all(OWNER_TABLES.map((name) => db.table(name).clear()))
    await bumpGeneration(db, generation)
  })
}

export async function localDataOwner(db: OwnerDatabase): Promise<string | undefined> {
  return (await readMeta(db, 'owner'))?.userId
}
