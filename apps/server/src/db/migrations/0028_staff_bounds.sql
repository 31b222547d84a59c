-- Issue #24: a staff refund claims its order before the provider is asked (decision 0040).
ALTER TABLE "orders" ADD COLUMN "refund_claimed_at" timestamp with time zone;
--> statement-breakpoint
-- Issue #24: the undo link of an email change works once (only its SHA-256 is kept).
ALTER TABLE "users" ADD COLUMN "email_undo_hash" text;
