-- The embedded database (PGlite) has one session and one process: its catalog cache listens for this
-- notification instead of reading shop_catalog_version on every request (docs/shop.md, "Catalog cache").
-- Only a session that set portal.catalog_notify is told; PostgreSQL sessions never set it, so their commits
-- take no NOTIFY lock.
CREATE OR REPLACE FUNCTION shop_catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_catalog_version AS v (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
  IF current_setting('portal.catalog_notify', true) = 'on' THEN
    PERFORM pg_notify('shop_catalog', '');
  END IF;
  RETURN NULL;
END $$;
