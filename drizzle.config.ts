// drizzle-kit settings: `npx drizzle-kit generate` writes the next numbered migration and snapshot from
// server/db/schema.ts (`--custom` for hand-written SQL such as triggers); server/db/schema-drift.test.ts fails when
// schema.ts, the migrations and the latest snapshot disagree, migration-upgrades.test.ts when a migration has no upgrade test.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
