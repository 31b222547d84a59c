CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"txnid" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"clawback" boolean DEFAULT false NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_order_sku_key" ON "entitlements" USING btree ("order_id","sku");--> statement-breakpoint
CREATE INDEX "entitlements_game_status_granted_idx" ON "entitlements" USING btree ("game","status","granted_at","id");--> statement-breakpoint
CREATE INDEX "entitlements_game_user_granted_idx" ON "entitlements" USING btree ("game","user_id","granted_at","id");--> statement-breakpoint
CREATE INDEX "entitlements_game_granted_idx" ON "entitlements" USING btree ("game","granted_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fraud_code" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_updated_at" timestamp with time zone;
