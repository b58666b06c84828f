-- A refresh-token family ends 90 days after the sign-in that started it (docs/decisions/077-refresh-token-family-lifetime.md).
-- Families that already exist started with their oldest stored token.
ALTER TABLE "refresh_tokens" ADD COLUMN "family_started_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "refresh_tokens" AS "t" SET "family_started_at" = "f"."started"
FROM (SELECT "family_id", min("created_at") AS "started" FROM "refresh_tokens" GROUP BY "family_id") AS "f"
WHERE "t"."family_id" = "f"."family_id";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_started_at" SET NOT NULL;
