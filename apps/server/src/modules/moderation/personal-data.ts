import { eq, sql } from 'drizzle-orm';
import { playerReports, reportedPlayers } from '../../db/schema/index';
import { exportRows, type PersonalData } from '../../lib/personal-data';

/**
 * Reports (docs/decisions/0064-sanctions.md). The export holds the reports the player filed, and those about
 * them without who filed them (a reporter is never named to the reported). At erasure the reports about the
 * player go, with their place in the queue; the reports they filed stay for the reported player's record,
 * without the reporter.
 */
export const moderationPersonalData: PersonalData = {
  tables: {
    player_reports: 'about the player: deleted; filed by the player: kept without the reporter',
    reported_players: 'deleted',
  },
  async export(ctx, userId) {
    const [filed, about] = await Promise.all([
      exportRows(
        ctx,
        sql`select game, category, message, status, created_at from player_reports
            where reporter_id = ${userId} order by created_at, id`,
      ),
      exportRows(
        ctx,
        sql`select game, category, status, created_at from player_reports
            where reported_id = ${userId} order by created_at, id`,
      ),
    ]);
    return { reports_filed: filed, reports_about_you: about };
  },
  async erase(tx, userId) {
    await tx.db.delete(playerReports).where(eq(playerReports.reportedId, userId));
    await tx.db.delete(reportedPlayers).where(eq(reportedPlayers.userId, userId));
    await tx.db.update(playerReports).set({ reporterId: null }).where(eq(playerReports.reporterId, userId));
  },
};
