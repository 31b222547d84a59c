-- Admin back-office search and listing support (module admin-users; see docs/decisions/admin-users-search.md).
-- user_search.doc is one lower-cased line per player, rebuilt set-based by statement-level triggers.
CREATE OR REPLACE FUNCTION admin_refresh_user_search(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_search (user_id, doc)
  SELECT u.id,
         lower(concat_ws(' ', u.name, u.email, u.phone_number, u.referral_code, p.gender, p.birthdate::text,
           (SELECT string_agg(concat_ws(' ', g.game, g.referral_code), ' ') FROM user_games g WHERE g.user_id = u.id),
           (SELECT string_agg(a.country, ' ') FROM user_addresses a WHERE a.user_id = u.id)))
  FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
  WHERE u.id = ANY(ids)
  ON CONFLICT (user_id) DO UPDATE SET doc = EXCLUDED.doc WHERE user_search.doc IS DISTINCT FROM EXCLUDED.doc;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_user_search_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_refresh_user_search(ARRAY(SELECT DISTINCT id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_user_search_from_child() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM admin_refresh_user_search(ARRAY(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_ins AFTER INSERT ON users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_users();
--> statement-breakpoint
CREATE TRIGGER users_search_upd AFTER UPDATE ON users REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_users();
--> statement-breakpoint
CREATE TRIGGER user_profiles_search_ins AFTER INSERT ON user_profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_profiles_search_upd AFTER UPDATE ON user_profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_profiles_search_del AFTER DELETE ON user_profiles REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_addresses_search_ins AFTER INSERT ON user_addresses REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_addresses_search_upd AFTER UPDATE ON user_addresses REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_addresses_search_del AFTER DELETE ON user_addresses REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_games_search_ins AFTER INSERT ON user_games REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_games_search_upd AFTER UPDATE ON user_games REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
CREATE TRIGGER user_games_search_del AFTER DELETE ON user_games REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION admin_user_search_from_child();
--> statement-breakpoint
SELECT admin_refresh_user_search(ARRAY(SELECT id FROM users));
--> statement-breakpoint
-- Referral listing: registrations that used a code, newest first, per game; totals count by lower(code).
CREATE INDEX IF NOT EXISTS user_games_referred_created_idx ON user_games (game, created_at DESC, id DESC) WHERE referral_code IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS user_games_referral_lower_idx ON user_games (lower(referral_code)) WHERE referral_code IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS referral_codes_created_idx ON referral_codes (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS referral_codes_search_trgm_idx ON referral_codes USING gin (lower(code || ' ' || game || ' ' || url) gin_trgm_ops);
