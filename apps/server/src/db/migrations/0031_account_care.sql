ALTER TABLE "users" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "first_signed_in_at" = "created_at";
