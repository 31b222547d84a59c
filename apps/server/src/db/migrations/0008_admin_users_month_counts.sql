CREATE TABLE "user_game_month_counts" (
	"game" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"referred" boolean NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "user_game_month_counts_pkey" PRIMARY KEY("game","month","referred")
);
--> statement-breakpoint
-- Kept exact by the statements that change user_games (module admin-users; docs/decisions/admin-users-search.md).
-- Each statement adds its rows' changes per (game, month, referred) in one upsert, in key order so that
-- concurrent statements lock the counter rows in the same order. An update counts only rows whose game,
-- month or referral use changed (level and last-session updates from game events change nothing here).
CREATE OR REPLACE FUNCTION admin_user_game_month_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_game_month_counts AS c (game, month, referred, count)
    SELECT game, date_trunc('month', created_at, 'UTC'), referral_code IS NOT NULL, count(*)::int
    FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, month, referred) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_game_month_counts AS c (game, month, referred, count)
    SELECT game, date_trunc('month', created_at, 'UTC'), referral_code IS NOT NULL, -count(*)::int
    FROM gone GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, month, referred) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO user_game_month_counts AS c (game, month, referred, count)
    SELECT d.game, d.month, d.referred, sum(d.n)::int
    FROM gone g JOIN added a ON a.id = g.id
      CROSS JOIN LATERAL (VALUES
        (g.game, date_trunc('month', g.created_at, 'UTC'), g.referral_code IS NOT NULL, -1),
        (a.game, date_trunc('month', a.created_at, 'UTC'), a.referral_code IS NOT NULL, 1)) d(game, month, referred, n)
    WHERE (g.game, g.created_at, g.referral_code IS NOT NULL) IS DISTINCT FROM (a.game, a.created_at, a.referral_code IS NOT NULL)
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (game, month, referred) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_games_month_counts_ins AFTER INSERT ON user_games REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION admin_user_game_month_counts();
--> statement-breakpoint
CREATE TRIGGER user_games_month_counts_upd AFTER UPDATE ON user_games REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION admin_user_game_month_counts();
--> statement-breakpoint
CREATE TRIGGER user_games_month_counts_del AFTER DELETE ON user_games REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION admin_user_game_month_counts();
--> statement-breakpoint
INSERT INTO user_game_month_counts (game, month, referred, count)
SELECT game, date_trunc('month', created_at, 'UTC'), referral_code IS NOT NULL, count(*)::int
FROM user_games GROUP BY 1, 2, 3;
