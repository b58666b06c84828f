-- Counters of the rate limits shared by every server on one PostgreSQL database (docs/decisions/075-shared-rate-limits.md).
-- rate-limiter-flexible's PostgreSQL store reads and writes this table by name with its own SQL, in this column order;
-- it is not in server/db/schema.ts because nothing else queries it. Keys are SHA-256 hashes, never an address or email.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
