-- "Not you? Secure my account" links are bound to the address they were mailed to (decision 0068).
ALTER TABLE "account_tokens" ADD COLUMN "sent_to" text;--> statement-breakpoint
-- Pending links mailed before an email change went to an address the account no longer signs in with: void.
UPDATE "account_tokens" t SET "used_at" = now()
  WHERE t."purpose" = 'secure_account' AND t."used_at" IS NULL
    AND EXISTS (SELECT 1 FROM "security_events" e
      WHERE e."user_id" = t."user_id" AND e."kind" = 'email_changed' AND e."created_at" >= t."created_at");--> statement-breakpoint
-- The others were mailed to the account's address, which it still has.
UPDATE "account_tokens" t SET "sent_to" = u."email" FROM "users" u
  WHERE t."user_id" = u."id" AND t."purpose" = 'secure_account' AND t."sent_to" IS NULL;
