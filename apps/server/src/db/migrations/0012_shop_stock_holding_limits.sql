ALTER TABLE "shop_products" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_pending_idx" ON "orders" USING btree ("user_id","reserved_until") WHERE "orders"."status" = 'Pending';--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_max_per_order_range" CHECK ("shop_products"."max_per_order" between 1 and 99);