-- Google sign-in (docs/decisions/100-google-sign-in-server.md): accounts may have no password, a provider's subject is
-- linked to one owner, and each sign-in attempt lives in the database (several servers may answer its callback).
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "linked_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linked_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
ALTER TABLE "linked_identities" ADD CONSTRAINT "linked_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "linked_identities_user_idx" ON "linked_identities" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "oauth_sign_in_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"sign_in_state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_sign_in_attempts_expires_idx" ON "oauth_sign_in_attempts" USING btree ("expires_at");
