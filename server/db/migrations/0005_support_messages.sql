-- Contact-support messages (docs/decisions/095-support-messages.md): every message is stored first; mail delivery,
-- when configured, is tracked per row so an SMTP outage loses nothing and is retried with backoff.
CREATE TABLE IF NOT EXISTS "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"captcha" text NOT NULL,
	"mail_status" text NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_messages_pending_idx" ON "support_messages" USING btree ("mail_status","next_attempt_at");
