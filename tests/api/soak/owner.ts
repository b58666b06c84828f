// The soak's owner at the device: signs in again, lets another owner sign in and out, and answers failed entries (Retry or Discard).
import { accessTokenKey } from '../../../server/http/access-token.ts'
import { createAccount } from '../../../server/accounts/accounts.ts'
import { startSession } from '../../../server/accounts/sessions.ts'
import type { OutboxEntry } from '../../../src/local/db.ts'
import { discardOutboxEntry, retryOutboxEntry } from '../../../src/local/outbox-actions.ts'
import { claimUnlessUnsent } from '../../../src/local/owner-switch.ts'
import { clearLocalData } from '../../../src/local/session.ts'
import type { SyncResult } from '../../../src/sync/engine.ts'
import type { TokenPair } from '../../../src/sync/transport.ts'
import type { TestApp } from '../harness.ts'
import { settleDevice, type Device } from './device.ts'
import { POISON_MARKER } from './network.ts'
import { discardIntents, type Intents } from './oracle.ts'
import { IMAGE_GONE } from './oracle-waiting.ts'

/** A fresh account made as registration makes it, without argon2 (nobody signs in with a password here). */
export async function newOwner(t: TestApp, prefix: string) {
  const suffix = crypto.randomUUID().slice(0, 12)
  const created = await createAccount(t.db, { username: `${prefix}_${suffix}`, email: `${prefix}.${suffix}@example.test`, passwordHash: null }, t.clock.now())
  if (!created.ok) throw new Error(`could not create the soak's owner: ${created.conflict}`)
  const userId = created.userId
  /** A sign-in: a token family of its own, as a login gives. */
  const signIn = (): Promise<TokenPair> => startSession(t.db, accessTokenKey(t.deps.config.jwtSecret), userId, t.clock.now())
  return { userId, signIn }
}
export type SoakOwner = Awaited<ReturnType<typeof newOwner>>

/**
 * The owner signs in on the device again (after the session ended): their unsent changes are kept ('same-user'), or
 * the device was empty and is theirs ('first-user'). Anything else would have lost something.
 */
export async function signInAgain(d: Device, owner: SoakOwner, problems: string[]) {
  await d.tokens.write(await owner.signIn())
  const claim = await claimUnlessUnsent(d.db, owner.userId)
  if (claim !== 'same-user' && claim !== 'first-user') problems.push(`device ${d.name}: the owner's sign-in answered ${claim}`)
  d.sessionExpired = false
  if (d.schedulerSignedOut) {
    d.schedulerSignedOut = false
    d.scheduler.resume()
    await settleDevice(d)
  }
}

/**
 * Another owner signs in on the device, then out, and the owner signs in again (decision 156). With unsent changes
 * the newcomer is asked and the engine sends nothing of the first owner with the newcomer's token; without, the
 * newcomer's data replaces the device's, and the owner's comes back with the next pull.
 */
export async function switchOwner(d: Device, how: 'logout' | 'revoked', owner: SoakOwner, other: () => Promise<SoakOwner>, seen: (what: string) => void, problems: string[]) {
  await settleDevice(d)
  if (how === 'logout') {
    // The menu's logout warns about unsent changes; the owner cancels then.
    if ((await d.db.outbox.count()) > 0) return seen('logout cancelled at the warning')
    await clearLocalData(d.db)
  }
  await d.tokens.end(how === 'logout' ? 'signed-out-by-owner' : undefined)
  const newcomer = await other()
  await d.tokens.write(await newcomer.signIn())
  const claim = await claimUnlessUnsent(d.db, newcomer.userId)
  seen(`switch-owner ${how} ${claim}`)
  const result: SyncResult = await d.engine.syncOnce()
  if (claim === 'asked-other-owner' && result !== 'signed-out') problems.push(`device ${d.name}: another owner was asked, yet the pass ended ${result}`)
  // 'Sign in as @owner' (asked), or the newcomer logs out (claimed): either way the newcomer's session ends.
  if (claim !== 'asked-other-owner') await clearLocalData(d.db)
  await d.tokens.end('signed-out-by-owner')
  await signInAgain(d, owner, problems)
}

/** Refused for good: a poisoned value, or an upload the sweep removed (the owner would pick the photo again). */
const isRefused = (entry: OutboxEntry) => JSON.stringify(entry.body ?? null).includes(POISON_MARKER.refuse) || entry.lastError === IMAGE_GONE

/**
 * The owner answers every failed entry: a refused one (its value stays invalid, its image is gone) is discarded, with
 * the writes it carried (a create's whole item); any other is retried, now that the server is fixed.
 */
export async function answerFailed(d: Device, intents: Intents, seen: (what: string) => void): Promise<number> {
  await settleDevice(d)
  const failed = await d.db.outbox.where('status').equals('failed').sortBy('seq')
  for (const entry of failed) {
    if (entry.seq === undefined || !(await d.db.outbox.get(entry.seq))) continue
    if (!isRefused(entry)) {
      seen('owner retried')
      await retryOutboxEntry(d.db, entry.seq)
      continue
    }
    seen('owner discarded')
    const { target } = entry
    const create = target.entity === 'item' && target.kind === 'create' ? target.id : undefined
    const dropped = create ? (await d.db.outbox.toArray()).filter((other) => other.target.entity === 'item' && other.target.id === create) : [entry]
    discardIntents(intents, d.name, dropped.flatMap((other) => (other.seq === undefined ? [] : [other.seq])), create)
    await discardOutboxEntry(d.db, entry.seq)
  }
  return failed.length
}
