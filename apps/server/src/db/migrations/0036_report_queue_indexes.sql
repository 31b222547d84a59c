-- The report queue (bench:sanctions at a million reports): its order with the tie-break by player, so the first
-- page is the index's first entries; and the counts per category and game of a page of players from an index alone.
DROP INDEX "reported_players_rank_idx";--> statement-breakpoint
CREATE INDEX "player_reports_open_breakdown_idx" ON "player_reports" USING btree ("reported_id","category","game") WHERE "player_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reported_players_rank_idx" ON "reported_players" USING btree ("open_reports" DESC NULLS LAST,"newest_report_at" DESC NULLS LAST,"user_id");