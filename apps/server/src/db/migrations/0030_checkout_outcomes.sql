ALTER TABLE "orders" ADD COLUMN "origin" text DEFAULT 'cart' NOT NULL;
