-- Account deletion cancels the owner's draft orders at the print provider (issue 27): the deletion records each draft
-- here in its own transaction and a worker cancels them with retries. The rows name no user, so they outlive the
-- account they came from; a cancelled row is deleted.
CREATE TABLE "provider_cancellations" (
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_cancellations_pkey" PRIMARY KEY("provider","provider_order_id")
);
--> statement-breakpoint
CREATE INDEX "provider_cancellations_due_idx" ON "provider_cancellations" USING btree ("next_attempt_at");
