// drizzle-kit settings: `npx drizzle-kit generate` writes the next numbered migration from server/db/schema.ts.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
