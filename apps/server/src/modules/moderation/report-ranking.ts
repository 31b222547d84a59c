import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { playerReports, reportedPlayers } from '../../db/schema/index';
import type { TxContext } from '../../lib/context';

/**
 * The queue's ranking (`reported_players`) moves with the reports, in their transaction: a new open report
 * counts one up, a report closed one down, and a player with none open leaves the queue. Both are single
 * atomic statements, so concurrent reports of one player never lose a count.
 */
export async function countReportIn(tx: TxContext, reportedId: string, at: Date): Promise<void> {
  await tx.db
    .insert(reportedPlayers)
    .values({ userId: reportedId, openReports: 1, newestReportAt: at })
    .onConflictDoUpdate({
      target: reportedPlayers.userId,
      set: {
        openReports: sql`${reportedPlayers.openReports} + 1`,
        newestReportAt: sql`greatest(${reportedPlayers.newestReportAt}, excluded.newest_report_at)`,
      },
    });
}

/**
 * Closes the open reports among `ids` (of `reportedId` only, when given): dismissed, reviewed, or actioned by
 * a sanction. Answers how many were open and are now closed.
 */
export async function closeReports(
  tx: TxContext,
  change: {
    ids: string[];
    reportedId?: string;
    status: 'dismissed' | 'reviewed' | 'actioned';
    by: string;
    resolution?: string;
    sanctionId?: string;
  },
): Promise<number> {
  const closed = await tx.db
    .update(playerReports)
    .set({
      status: change.status,
      resolvedBy: change.by,
      resolvedAt: tx.clock.now(),
      resolution: change.resolution ?? null,
      sanctionId: change.sanctionId ?? null,
    })
    .where(
      and(
        inArray(playerReports.id, change.ids),
        eq(playerReports.status, 'open'),
        change.reportedId ? eq(playerReports.reportedId, change.reportedId) : undefined,
      ),
    )
    .returning({ reportedId: playerReports.reportedId });
  const perPlayer = new Map<string, number>();
  for (const { reportedId } of closed) perPlayer.set(reportedId, (perPlayer.get(reportedId) ?? 0) + 1);
  for (const [userId, count] of perPlayer) {
    await tx.db
      .update(reportedPlayers)
      .set({ openReports: sql`${reportedPlayers.openReports} - ${count}` })
      .where(eq(reportedPlayers.userId, userId));
    await tx.db
      .delete(reportedPlayers)
      .where(and(eq(reportedPlayers.userId, userId), lte(reportedPlayers.openReports, 0)));
  }
  return closed.length;
}
