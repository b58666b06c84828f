-- Every change a visitor could see is announced to the other servers inside the writing transaction
-- (docs/decisions/071-public-profile-cache-across-servers.md): PostgreSQL delivers a NOTIFY only if its transaction
-- commits, and never loses one between the commit and a separate send. Triggers cover writes added later too.
CREATE OR REPLACE FUNCTION "qrtee_notify_profile_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('qrtee_public_profile', 'p:' || OLD.id);
  ELSE
    PERFORM pg_notify('qrtee_public_profile', 'p:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "qrtee_notify_wishlist_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('qrtee_public_profile', 'p:' || OLD.profile_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('qrtee_public_profile', 'p:' || NEW.profile_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "qrtee_notify_address_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qrtee_public_profile', 'a:' || NEW.address);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "profiles_notify_public" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_public" AFTER UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "qrtee_notify_profile_row"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "wishlist_items_notify_public" ON "wishlist_items";
--> statement-breakpoint
CREATE TRIGGER "wishlist_items_notify_public" AFTER INSERT OR UPDATE OR DELETE ON "wishlist_items" FOR EACH ROW EXECUTE FUNCTION "qrtee_notify_wishlist_row"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "public_addresses_notify_public" ON "public_addresses";
--> statement-breakpoint
CREATE TRIGGER "public_addresses_notify_public" AFTER INSERT OR UPDATE ON "public_addresses" FOR EACH ROW EXECUTE FUNCTION "qrtee_notify_address_row"();
