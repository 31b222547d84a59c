-- Support's one search box (decision 0046): part of a nickname in any game finds the player. Over the
-- coalesce, so no other index of user_games can answer a nickname LIKE by reading the whole index.
CREATE INDEX IF NOT EXISTS "user_games_nickname_trgm_idx" ON "user_games" USING gin ((coalesce(lower("nickname"), '')) gin_trgm_ops);
