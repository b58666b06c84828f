-- A deleted owner's shareableId stays claimed for good (docs/decisions/070-public-addresses.md, "Retired addresses"):
-- shirts printed with it can never open another person's profile. The row outlives its owner with no user_id.
ALTER TABLE "public_addresses" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "public_addresses" DROP CONSTRAINT "public_addresses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "public_addresses" ADD CONSTRAINT "public_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
