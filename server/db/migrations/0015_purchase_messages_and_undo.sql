-- Honest purchasing (issue 23, docs/decisions/148-honest-purchasing.md): the visitor's message is stored with the
-- purchase it follows, and the owner can put a purchased gift back on the wishlist. An undone record is kept (marked
-- undone_at, so the owner's devices pull the change like any other) and the item may be bought again, so only one
-- record per item may be live.
ALTER TABLE "purchase_records" ADD COLUMN "visitor_email" text;
--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "visitor_message" text;
--> statement-breakpoint
ALTER TABLE "purchase_records" ADD COLUMN "undone_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "purchase_records_item_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_records_item_key" ON "purchase_records" USING btree ("wishlist_item_id") WHERE "undone_at" IS NULL;
