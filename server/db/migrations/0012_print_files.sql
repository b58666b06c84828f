-- The owner's QR print file (issue 27): rendered and proven (decoded back in a worker thread) once, when an order is
-- placed, and served from here to the print provider; one per owner, replaced when the profile's address changes.
CREATE TABLE "print_files" (
	"user_id" uuid PRIMARY KEY NOT NULL CONSTRAINT "print_files_user_id_users_id_fk" REFERENCES "users"("id") ON DELETE CASCADE,
	"url" text NOT NULL,
	"png" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
