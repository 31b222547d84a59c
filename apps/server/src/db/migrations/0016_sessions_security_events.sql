CREATE TABLE "security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"admin_id" uuid,
	"kind" text NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"detail" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_one_owner" CHECK (("security_events"."user_id" is null) <> ("security_events"."admin_id" is null))
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" varchar(512);--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "security_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "security_events_admin_idx" ON "security_events" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "security_events"."admin_id" is not null;--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");