// Owns the mails a sign-in flow sends (a link built on PUBLIC_URL with a fresh single-use token), through the app's
// mail outbox (server/mail/app-mail.ts). Without SMTP_URL nothing is mailed and callers say so.
import { eq } from 'drizzle-orm'
import { issueAccountToken } from './account-tokens.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { accountMailFor } from '../mail/app-mail.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'

export const accountLink = (deps: AppDeps, page: 'reset-password' | 'verify-email' | 'undo-email-change', token: string) =>
  `${deps.config.publicUrl}/${page}?token=${encodeURIComponent(token)}`

/**
 * Mails a link of `purpose` to the user's current address: the token and the mail row are written in one
 * transaction, so a stored token always has its mail on the way. False when mail is not configured.
 */
export async function mailAccountLink(deps: AppDeps, db: Db, userId: string, purpose: 'reset' | 'verify', now: Date): Promise<boolean> {
  const outbox = accountMailFor(deps)
  if (!outbox) return false
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
    if (!user) return
    const token = await issueAccountToken(tx, userId, purpose, user.email, now)
    const link = accountLink(deps, purpose === 'reset' ? 'reset-password' : 'verify-email', token)
    await enqueueMail(tx, purpose === 'reset' ? 'reset-password' : 'verify-email', user.email, { username: user.username, link })
  })
  outbox.kick()
  return true
}

/**
 * The email change told to the address it left, with a take-back link addressed to it (7 days; decision 198), in the
 * caller's transaction. Without SMTP_URL nothing is mailed and no token is made.
 */
export async function mailEmailChangeNotice(deps: AppDeps, db: Db, user: { id: string; username: string; email: string }, newEmail: string, now: Date): Promise<void> {
  const outbox = accountMailFor(deps)
  if (!outbox) return
  const token = await issueAccountToken(db, user.id, 'undo-email-change', user.email, now)
  const link = accountLink(deps, 'undo-email-change', token)
  await enqueueMail(db, 'email-changed', user.email, { username: user.username, newEmail, link })
  outbox.kick()
}
