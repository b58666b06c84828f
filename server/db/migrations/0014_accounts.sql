-- Accounts that stay yours (issue 24): verified emails, single-use mailed tokens (reset, verification) stored hashed,
-- one outbox for account mail, devices per refresh-token family, and Google sign-ins bound to the browser.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "device_name" text;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "last_used_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "revoked_reason" text;
--> statement-breakpoint
ALTER TABLE "oauth_sign_in_attempts" ADD COLUMN IF NOT EXISTS "browser_hash" text;
--> statement-breakpoint
ALTER TABLE "oauth_sign_in_attempts" ADD COLUMN IF NOT EXISTS "intent" text DEFAULT 'sign-in' NOT NULL;
--> statement-breakpoint
ALTER TABLE "oauth_sign_in_attempts" ADD COLUMN IF NOT EXISTS "user_id" uuid;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "oauth_exchange_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"device_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_exchange_codes" ADD CONSTRAINT "oauth_exchange_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- An account Google created has no password and was made from a verified Google email: its mailbox is proven.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NULL AND "email_verified_at" IS NULL;
