-- One owner per public address (docs/decisions/070-public-addresses.md): every username and every shareableId, lower-cased,
-- is a row here, so a username can never equal a shareableId (nor a new shareableId a username), even between two
-- writers at once: the primary key decides. Existing shareableIds are claimed first, so on a clash they keep their address.
CREATE TABLE IF NOT EXISTS "public_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_addresses" ADD CONSTRAINT "public_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "public_addresses_user_idx" ON "public_addresses" USING btree ("user_id");
--> statement-breakpoint
INSERT INTO "public_addresses" ("address", "user_id", "kind")
SELECT lower("shareable_id"), "user_id", 'shareable_id' FROM "profiles"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "public_addresses" ("address", "user_id", "kind")
SELECT lower("username"), "id", 'username' FROM "users"
ON CONFLICT DO NOTHING;
