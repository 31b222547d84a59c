-- Player safety (issue #37): sanctions and their appeals (standing module), reports and the queue's ranking
-- (moderation module).
CREATE TABLE "player_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game" text NOT NULL,
	"source" text NOT NULL,
	"reporter_id" uuid,
	"reported_id" uuid NOT NULL,
	"category" text NOT NULL,
	"message" text,
	"context" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"sanction_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reported_players" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"open_reports" integer NOT NULL,
	"newest_report_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanction_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sanction_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"game" text,
	"category" text NOT NULL,
	"note" text NOT NULL,
	"staff_note" text,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"placed_by" uuid,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lift_reason" text,
	"email_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reports" ADD CONSTRAINT "player_reports_sanction_id_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."sanctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reported_players" ADD CONSTRAINT "reported_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_sanction_id_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."sanctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_placed_by_admins_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_lifted_by_admins_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_reports_reported_open_idx" ON "player_reports" USING btree ("reported_id","created_at") WHERE "player_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "player_reports_reporter_idx" ON "player_reports" USING btree ("reporter_id") WHERE "player_reports"."reporter_id" is not null;--> statement-breakpoint
CREATE INDEX "reported_players_rank_idx" ON "reported_players" USING btree ("open_reports" DESC NULLS LAST,"newest_report_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sanction_appeals_sanction_key" ON "sanction_appeals" USING btree ("sanction_id");--> statement-breakpoint
CREATE INDEX "sanction_appeals_status_idx" ON "sanction_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_in_force_idx" ON "sanctions" USING btree ("user_id") WHERE "sanctions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "sanctions_created_idx" ON "sanctions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sanctions_email_hash_idx" ON "sanctions" USING btree ("email_hash") WHERE "sanctions"."email_hash" is not null;