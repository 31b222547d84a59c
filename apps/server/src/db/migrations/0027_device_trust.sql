CREATE TABLE "spent_challenges" (
	"signature_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_devices" (
	"user_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pin_devices_pkey" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "pin_devices" ADD CONSTRAINT "pin_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pin_devices_signed_in_idx" ON "pin_devices" USING btree ("signed_in_at");
