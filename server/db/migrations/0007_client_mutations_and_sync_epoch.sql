-- Per-device mutation ids of the sync push (docs/decisions/087-per-device-mutation-ids.md): the last id applied per
-- owner and device, written in the same transaction as the write it stands for, so a committed write never runs twice.
CREATE TABLE "client_mutations" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"last_mutation_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_mutations_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "client_mutations" ADD CONSTRAINT "client_mutations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The change feed's epoch (docs/decisions/088-change-feed-epoch.md): one random value for the database, plus a
-- per-owner number for restoring one owner's data. A cursor handed out under another epoch gets a snapshot.
CREATE TABLE "sync_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" text NOT NULL,
	CONSTRAINT "sync_epoch_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "sync_epoch" ("id", "epoch") VALUES (1, substr(md5(random()::text || clock_timestamp()::text), 1, 12));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sync_epoch" integer DEFAULT 0 NOT NULL;
