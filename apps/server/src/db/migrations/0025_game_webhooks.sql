CREATE TABLE "game_webhooks" (
	"game" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"active" boolean NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"entitlement_id" uuid,
	"order_txnid" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_game_created_idx" ON "webhook_deliveries" USING btree ("game","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_entitlement_idx" ON "webhook_deliveries" USING btree ("entitlement_id");--> statement-breakpoint
ALTER TABLE "game_server_keys" ADD COLUMN "prefix" text;--> statement-breakpoint
UPDATE "game_server_keys" SET "prefix" = 'gsk_' || "game" || '_';--> statement-breakpoint
ALTER TABLE "game_server_keys" ALTER COLUMN "prefix" SET NOT NULL;
