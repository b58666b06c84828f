-- Issue 27 (part B) and issue 25 (scan reports): nothing stored is derived from a client address except under a keyed
-- hash (docs/decisions/127-address-keys.md), and a scan counts once per visitor, profile and 30 minutes, with a
-- report's own key counted once (docs/decisions/128-scan-count-rules.md).
-- The scan salt is derived from the address secret and kept in each server's memory only: its table goes.
DROP TABLE IF EXISTS "scan_salts";
--> statement-breakpoint
-- When a visitor's scan of the profile last counted (the hash is per profile), for the 30-minute rule.
ALTER TABLE "scan_visitors" ADD COLUMN "last_counted_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The key a page or the service worker sent a report with: a resent report is counted once. A random id per report;
-- kept until the report would be refused as too old anyway.
CREATE TABLE "scan_report_keys" (
	"key" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scan_report_keys_day_idx" ON "scan_report_keys" ("day");
--> statement-breakpoint
-- Visitor idempotency rows held the raw address in their scope; retried visitor posts are not replayed across a deploy.
DELETE FROM "idempotency_keys" WHERE "scope" LIKE 'public:%';
--> statement-breakpoint
-- Keys were plain SHA-256 of bucket and address: the running windows start again under keyed hashes.
DELETE FROM "rate_limits";
