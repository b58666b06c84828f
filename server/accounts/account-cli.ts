// `npm run account -- reset-link <email>`: for an installation without mail, the operator prints a one-time password
// reset link (1 hour) to this terminal. It goes to standard output only, never to the server's log.
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { findUserByEmail } from './accounts.ts'
import { issueAccountToken } from './account-tokens.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { type Db, openDatabase } from '../db/client.ts'
import { users } from '../db/schema.ts'

const USAGE = 'Usage: npm run account -- reset-link <email>'

/** The link, or undefined when no account has this email. */
export async function makeResetLink(db: Db, publicUrl: string, email: string, now: Date): Promise<string | undefined> {
  const user = await findUserByEmail(db, email)
  if (!user) return undefined
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id))
  if (!row) return undefined
  const token = await issueAccountToken(db, user.id, 'reset', row.email, now)
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv
  if (command !== 'reset-link' || !email) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      return 2
    }
    throw err
  }
  const database = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pglite'))
  try {
    const link = await makeResetLink(database.db, config.publicUrl, email, new Date())
    if (!link) {
      process.stderr.write(`No account has the email ${email}.\n`)
      return 1
    }
    process.stdout.write(`One-time password reset link for ${email} (valid 1 hour; give it only to the owner):\n${link}\n`)
    return 0
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  process.exitCode = await main(process.argv.slice(2))
}
