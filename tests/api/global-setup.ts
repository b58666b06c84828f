// Before any API test: says which databases run, and gives PostgreSQL a clean, migrated schema once.
import pg from 'pg'
import { openDatabase } from '../../server/db/client.ts'

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only (set it to also run them on PostgreSQL).')
    return
  }
  console.log(`API tests run on PGlite and on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')}).`)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;')
  await client.end()
  // Migrating here, before workers start, avoids two workers racing to create the same tables.
  const database = await openDatabase(url)
  await database.close()
}
