-- Revenue net of refunds and chargebacks (issue 35): what the sales rollups have taken off each order, and an
-- index for the rollup task to find refunds since its last run.
ALTER TABLE "sales_recorded" ADD COLUMN "refunded" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_recorded" ADD COLUMN "voided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("refunded_at","id") WHERE "orders"."refunded_at" is not null;
