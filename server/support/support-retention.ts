// Owns how long support messages are kept (issue 27): deleted 180 days after they were sent, and at once when their
// sender asks (by email to support; the operator runs `npm run support:forget -- <email>`). The Help Center says so.
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { supportMessages } from '../db/schema.ts'

export const SUPPORT_RETENTION_DAYS = 180
const DAY_MS = 24 * 60 * 60 * 1000
/** The sweep of a running server; the contact route also sweeps before storing each new message. */
export const SUPPORT_SWEEP_MS = 6 * 60 * 60 * 1000

/** Deletes every message older than the retention; returns how many went. */
export async function deleteExpiredSupportMessages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SUPPORT_RETENTION_DAYS * DAY_MS)
  const gone = await db.delete(supportMessages).where(lt(supportMessages.createdAt, cutoff)).returning({ id: supportMessages.id })
  return gone.length
}

/** Deletes every message sent from `email` (compared case-insensitively, as it was typed); returns how many went. */
export async function deleteSupportMessagesOf(db: Db, email: string): Promise<number> {
  const gone = await db
    .delete(supportMessages)
    .where(sql`lower(${supportMessages.email}) = lower(${email.trim()})`)
    .returning({ id: supportMessages.id })
  return gone.length
}

/** The server's periodic sweep; a failed one (database away) is simply tried again at the next tick. */
export function startSupportRetention(db: Db, onError: (err: unknown) => void): () => void {
  const sweep = () => void deleteExpiredSupportMessages(db, new Date()).catch(onError)
  sweep()
  const timer = setInterval(sweep, SUPPORT_SWEEP_MS).unref()
  return () => clearInterval(timer)
}
