CREATE TABLE "shop_catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_catalog_version_single_row" CHECK ("shop_catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "shop_catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Raised by every change to the public catalog (module shop; docs/shop.md, "Catalog cache"): products (stock
-- included), groups and memberships. The triggers are deferred to commit, so the counter row is locked only
-- while the changing transaction commits: concurrent checkouts do not queue on it for their whole transaction.
CREATE OR REPLACE FUNCTION shop_catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_catalog_version AS v (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shop_products_catalog_version AFTER INSERT OR UPDATE OR DELETE ON shop_products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shop_catalog_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shop_groups_catalog_version AFTER INSERT OR UPDATE OR DELETE ON shop_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shop_catalog_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shop_product_groups_catalog_version AFTER INSERT OR UPDATE OR DELETE ON shop_product_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shop_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER shop_products_catalog_version_truncate AFTER TRUNCATE ON shop_products FOR EACH STATEMENT EXECUTE FUNCTION shop_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER shop_groups_catalog_version_truncate AFTER TRUNCATE ON shop_groups FOR EACH STATEMENT EXECUTE FUNCTION shop_catalog_bump();
--> statement-breakpoint
CREATE TRIGGER shop_product_groups_catalog_version_truncate AFTER TRUNCATE ON shop_product_groups FOR EACH STATEMENT EXECUTE FUNCTION shop_catalog_bump();
