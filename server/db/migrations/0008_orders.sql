-- The owner's print orders (docs/decisions/091-orders-stored-and-synced.md): one row per draft order sent to the
-- print provider (or kept by the demo catalog), money in whole cents, updated by the provider's webhooks, and synced
-- to the owner's devices through the change feed (seq).
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_rate_id" text NOT NULL,
	"shipping_name" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"last_event_at" timestamp with time zone,
	"seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_order_key" ON "orders" USING btree ("provider","provider_order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_id_key" ON "orders" USING btree ("external_id");
--> statement-breakpoint
CREATE INDEX "orders_user_seq_idx" ON "orders" USING btree ("user_id","seq");
