// Before any API test: says which databases run, and migrates PostgreSQL once before the workers start.
import { openDatabase } from '../../server/db/client.ts'

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only (set it to also run them on PostgreSQL).')
    return
  }
  console.log(`API tests run on PGlite and on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')}).`)
  // Migrating here, before workers start, avoids two workers racing to create the same tables. Old rows stay:
  // tests isolate by their own data, and keeping them lets two runs share the database safely.
  const database = await openDatabase(url)
  await database.close()
}
