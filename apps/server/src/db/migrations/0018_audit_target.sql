ALTER TABLE "audit_log" ADD COLUMN "target" text;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","created_at");--> statement-breakpoint
-- Earlier entries name their player or admin in details only.
UPDATE "audit_log" SET "target" = 'user:' || ("details"->>'userId') WHERE "details" ? 'userId';--> statement-breakpoint
UPDATE "audit_log" SET "target" = 'admin:' || ("details"->>'adminId') WHERE "target" IS NULL AND "details" ? 'adminId';
