-- The owner whose data a stored answer carries (docs/decisions/078): a visitor purchase's replay row holds the owner's
-- contact info under the visitor's scope, so deleting the account must find it by owner, not by scope.
ALTER TABLE "idempotency_keys" ADD COLUMN IF NOT EXISTS "owner_id" uuid;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_owner_idx" ON "idempotency_keys" USING btree ("owner_id");
