// `npm run support:forget -- someone@example.com`: deletes every support message sent from that address, when its
// sender asks (Help Center). Uses the server's own configuration (DATABASE_URL, or the embedded database in DATA_DIR,
// which the running server holds: stop it first).
import path from 'node:path'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/client.ts'
import { deleteSupportMessagesOf } from '../server/support/support-retention.ts'

const email = process.argv[2]?.trim()
if (!email || !email.includes('@')) {
  console.error('Usage: npm run support:forget -- someone@example.com')
  process.exit(2)
}
const config = loadConfig()
const database = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pglite'))
try {
  const count = await deleteSupportMessagesOf(database.db, email)
  console.log(`Deleted ${count} support message${count === 1 ? '' : 's'} sent from ${email}.`)
} finally {
  await database.close()
}
