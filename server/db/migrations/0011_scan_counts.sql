-- Scan counts without tracking (docs/decisions/105-scan-counts.md): per profile and UTC day only the number of scans and
-- of distinct visitors is kept. A visitor is a hash under a salt of the day (scan_salts); today's hashes (scan_visitors)
-- let several servers count a visitor once, and both are deleted when the day ends, so nothing left names anyone.
CREATE TABLE "scan_days" (
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_days_pkey" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
CREATE INDEX "scan_days_user_day_idx" ON "scan_days" ("user_id","day");
--> statement-breakpoint
CREATE TABLE "scan_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" bytea NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_visitors" (
	"day" date NOT NULL,
	"hash" bytea NOT NULL,
	CONSTRAINT "scan_visitors_pkey" PRIMARY KEY("day","hash")
);
