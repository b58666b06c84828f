// Typed access to the `meta` table: sync cursor, last sync, the data's owner, display counters and sync state.
import * as v from 'valibot'
import type { OwnerDatabase } from './db.ts'

const MetaSchemas = {
  /** Which user the local data belongs to (a different user's sign-in claims it, after asking if it holds unsent changes: decision 156). */
  owner: v.object({ userId: v.string() }),
  /** The server's per-user change counter we have applied up to; 0 means "next pull is a full snapshot". */
  cursor: v.number(),
  /** Server-independent display time of the last complete sync (ISO); never used for ordering. */
  lastSyncedAt: v.string(),
  nextPosition: v.number(),
  /**
   * Moved by every action that invalidates what a sync pass in flight has read (Discard, logout, another user's
   * sign-in). The engine writes its results only while the generation is the one it started with.
   */
  generation: v.number(),
  /**
   * This database's id towards the server's per-device mutation ids (decision 087). A wipe (logout, another user)
   * removes it with `nextMutationId`, so a new id starts a new count: a number is never reused under one id.
   */
  deviceId: v.string(),
  /** The next mutation id to give an outbox entry when it is first pushed. */
  nextMutationId: v.number(),
  /** The server's change-feed epoch the cursor belongs to (decision 088); written with the cursor. */
  epoch: v.string(),
  /**
   * Values this device wrote that the server acknowledged, per field, kept for a while (decision 201): a pull that
   * brings another value for one of them tells the owner their value was overwritten elsewhere.
   */
  acknowledged: v.array(v.object({ itemId: v.nullable(v.string()), field: v.string(), value: v.unknown(), at: v.string() })),
  /** Written by the leader's engine so every tab's shell shows the same state. */
  syncState: v.object({
    phase: v.picklist(['idle', 'syncing', 'waiting']),
    message: v.nullable(v.string()),
  }),
  /** This device's push switches (issue 29) and the subscription they apply to; see push-device.ts. */
  pushDevice: v.object({
    gifts: v.boolean(),
    orders: v.boolean(),
    subscription: v.nullable(v.object({ endpoint: v.string(), keys: v.object({ p256dh: v.string(), auth: v.string() }) })),
    /** Changed here and not yet confirmed by the server (offline, or the call failed): sent when online. */
    pending: v.boolean(),
    /** Moved by every change, so a send in flight does not mark a newer change as confirmed. */
    revision: v.number(),
    /** The server's refusal of the last send, shown under the switches; null when none. */
    error: v.nullable(v.string()),
  }),
} as const

export type MetaKey = keyof typeof MetaSchemas
export type MetaValue<K extends MetaKey> = v.InferOutput<(typeof MetaSchemas)[K]>

/** Reads one meta value; a missing or malformed row reads as undefined (rows may predate a schema change). */
export async function readMeta<K extends MetaKey>(db: OwnerDatabase, key: K): Promise<MetaValue<K> | undefined> {
  const row = await db.meta.get(key)
  if (!row) return undefined
  const parsed = v.safeParse(MetaSchemas[key], row.value)
  return parsed.success ? (parsed.output as MetaValue<K>) : undefined
}

export async function writeMeta<K extends MetaKey>(db: OwnerDatabase, key: K, value: MetaValue<K>): Promise<void> {
  await db.meta.put({ key, value })
}

/** Hands out the next display position inside the caller's transaction. */
export async function takeNextPosition(db: OwnerDatabase): Promise<number> {
  const next = (await readMeta(db, 'nextPosition')) ?? 1
  await writeMeta(db, 'nextPosition', next + 1)
  return next
}

/**
 * Hands out `count` consecutive mutation ids of this device inside the caller's transaction (meta in its scope),
 * making the device id first if the database has none yet.
 */
export async function takeMutationIds(db: OwnerDatabase, count: number): Promise<{ deviceId: string; first: number }> {
  let deviceId = await readMeta(db, 'deviceId')
  if (deviceId === undefined) {
    deviceId = crypto.randomUUID()
    await writeMeta(db, 'deviceId', deviceId)
    await writeMeta(db, 'nextMutationId', 1)
  }
  const first = (await readMeta(db, 'nextMutationId')) ?? 1
  if (count > 0) await writeMeta(db, 'nextMutationId', first + count)
  return { deviceId, first }
}
