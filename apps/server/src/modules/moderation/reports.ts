import {
  FLOODING_DISMISSED_MIN,
  type Game,
  type GameReportBody,
  type PlayerReports,
  type Report,
  type ReportCategory,
  type ReportQueue,
  SANCTION_MESSAGES,
  SANCTIONS_PAGE_SIZE,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { playerReports, reportedPlayers } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { findUsersByIds, playerNameOf, playersOfGame, playerWithNickname } from '../accounts';
import { sanctionsInForceOf } from '../standing';
import { closeReports, countReportIn } from './report-ranking';
import type { StaffActor } from './sanction-actions';

interface NewReport {
  game: Game;
  source: 'game' | 'player';
  reporterId: string | null;
  reportedId: string;
  category: ReportCategory;
  message: string | null;
  context: Record<string, unknown> | null;
}

async function fileReport(ctx: ServiceContext, report: NewReport) {
  if (report.reporterId === report.reportedId)
    throw validationError({ reported: [SANCTION_MESSAGES.reportSelf] });
  return ctx.transaction(async (tx) => {
    const known = await findUsersByIds(tx, [
      report.reportedId,
      ...(report.reporterId ? [report.reporterId] : []),
    ]);
    const has = (id: string) => known.some((user) => user.id === id);
    if (!has(report.reportedId)) throw notFound(SANCTION_MESSAGES.reportedUnknown);
    if (report.reporterId && !has(report.reporterId)) throw notFound(SANCTION_MESSAGES.reporterUnknown);
    // A report belongs to a game both players play: a game's key cannot reach another game's players.
    const playing = await playersOfGame(tx, report.game, [
      report.reportedId,
      ...(report.reporterId ? [report.reporterId] : []),
    ]);
    if (!playing.has(report.reportedId)) throw notFound(SANCTION_MESSAGES.reportedNotInGame);
    if (report.reporterId && !playing.has(report.reporterId))
      throw notFound(SANCTION_MESSAGES.reporterNotInGame);
    const at = tx.clock.now();
    const [row] = await tx.db
      .insert(playerReports)
      .values({ ...report, createdAt: at })
      .returning({ id: playerReports.id, createdAt: playerReports.createdAt });
    await countReportIn(tx, report.reportedId, at);
    return { report: { id: row!.id, created_at: row!.createdAt.toISOString() } };
  });
}

/** POST /api/game/reports: a game's server reports one of its players (the report's game is the key's). */
export const fileGameReport = (ctx: ServiceContext, game: Game, body: GameReportBody) =>
  fileReport(ctx, {
    game,
    source: 'game',
    reporterId: body.reporter ?? null,
    reportedId: body.reported,
    category: body.category,
    message: body.message || null,
    context: body.context ?? null,
  });

/** POST /api/reports: a player reports another by their nickname in a game. */
export async function filePlayerReport(
  ctx: ServiceContext,
  reporterId: string,
  body: { game: Game; nickname: string; category: ReportCategory; message?: string },
) {
  if (!(await playersOfGame(ctx, body.game, [reporterId])).has(reporterId))
    throw validationError({ game: [SANCTION_MESSAGES.reportOutsideYourGames] });
  const reportedId = await playerWithNickname(ctx, body.game, body.nickname);
  if (!reportedId) throw notFound(SANCTION_MESSAGES.nicknameUnknown);
  const filed = await fileReport(ctx, {
    game: body.game,
    source: 'player',
    reporterId,
    reportedId,
    category: body.category,
    message: body.message || null,
    context: null,
  });
  return { ...filed, message: SANCTION_MESSAGES.reportSent };
}

/**
 * GET /api/admin/reports: reported players, most open reports first (then the newest report). Unfiltered, the
 * page is read from the ranking table's index; filtered by game or category, it is counted from the open
 * reports (their partial index).
 */
export async function reportQueue(
  ctx: ServiceContext,
  query: { game?: Game; category?: ReportCategory; page: number },
): Promise<ReportQueue> {
  const size = SANCTIONS_PAGE_SIZE;
  const offset = (query.page - 1) * size;
  const ranked =
    query.game || query.category
      ? await ctx.db
          .select({
            userId: playerReports.reportedId,
            openReports: count(),
            newestReportAt: sql<Date>`max(${playerReports.createdAt})`.mapWith(playerReports.createdAt),
          })
          .from(playerReports)
          .where(
            and(
              eq(playerReports.status, 'open'),
              query.game ? eq(playerReports.game, query.game) : undefined,
              query.category ? eq(playerReports.category, query.category) : undefined,
            ),
          )
          .groupBy(playerReports.reportedId)
          .orderBy(desc(count()), desc(sql`max(${playerReports.createdAt})`), playerReports.reportedId)
          .limit(size + 1)
          .offset(offset)
      : await ctx.db
          .select()
          .from(reportedPlayers)
          .orderBy(
            desc(reportedPlayers.openReports),
            desc(reportedPlayers.newestReportAt),
            reportedPlayers.userId,
          )
          .limit(size + 1)
          .offset(offset);
  const page = ranked.slice(0, size);
  const ids = page.map((row) => row.userId);
  if (ids.length === 0) return { players: [], page: query.page, has_more: false };
  const [breakdown, names, inForce] = await Promise.all([
    ctx.db
      .select({
        userId: playerReports.reportedId,
        category: playerReports.category,
        game: playerReports.game,
        n: count(),
      })
      .from(playerReports)
      .where(and(eq(playerReports.status, 'open'), inArray(playerReports.reportedId, ids)))
      .groupBy(playerReports.reportedId, playerReports.category, playerReports.game),
    findUsersByIds(ctx, ids),
    sanctionsInForceOf(ctx, ctx.clock.now(), ids),
  ]);
  const players = page.map((row) => {
    const mine = breakdown.filter((b) => b.userId === row.userId);
    const byCategory: Partial<Record<ReportCategory, number>> = {};
    for (const b of mine) byCategory[b.category] = (byCategory[b.category] ?? 0) + b.n;
    return {
      player: row.userId,
      player_name: names.find((n) => n.id === row.userId)?.name ?? '',
      open_reports: row.openReports,
      by_category: byCategory,
      games: [...new Set(mine.map((b) => b.game))].sort(),
      newest_report_at: row.newestReportAt.toISOString(),
      active_sanctions: inForce
        .filter((s) => s.userId === row.userId)
        .map((s) => ({ id: s.id, scope: s.scope, game: s.game })),
    };
  });
  return { players, page: query.page, has_more: ranked.length > size };
}

/** A report as staff read it, its reporter by name (null for a game's server, or a reporter since erased). */
function reportView(report: typeof playerReports.$inferSelect, reporterName: string | null): Report {
  return {
    id: report.id,
    game: report.game,
    source: report.source,
    reporter: report.reporterId,
    reporter_name: reporterName,
    category: report.category,
    message: report.message,
    context: (report.context as Record<string, unknown> | null) ?? null,
    status: report.status,
    created_at: report.createdAt.toISOString(),
  };
}

/** The reports each of these sanctions answered, oldest first: one read for them all. */
export async function reportsAnswering(
  ctx: Pick<ServiceContext, 'db'>,
  sanctionIds: string[],
): Promise<Map<string, Report[]>> {
  const answered = new Map<string, Report[]>(sanctionIds.map((id) => [id, []]));
  if (sanctionIds.length === 0) return answered;
  const rows = await ctx.db
    .select({ report: playerReports, reporterName: playerNameOf(playerReports.reporterId) })
    .from(playerReports)
    .where(inArray(playerReports.sanctionId, sanctionIds))
    .orderBy(asc(playerReports.createdAt), asc(playerReports.id));
  for (const { report, reporterName } of rows)
    answered.get(report.sanctionId!)?.push(reportView(report, reporterName));
  return answered;
}

/** GET /api/admin/players/{uuid}/reports: the player's open reports, newest first, with each reporter's record. */
export async function reportsAbout(ctx: ServiceContext, userId: string): Promise<PlayerReports> {
  const rows = await ctx.db
    .select({ report: playerReports, reporterName: playerNameOf(playerReports.reporterId) })
    .from(playerReports)
    .where(and(eq(playerReports.reportedId, userId), eq(playerReports.status, 'open')))
    .orderBy(desc(playerReports.createdAt))
    .limit(500);
  const reporters = [...new Set(rows.map((r) => r.report.reporterId).filter((id) => id !== null))];
  const records =
    reporters.length > 0
      ? await ctx.db
          .select({
            reporterId: playerReports.reporterId,
            reports: count(),
            dismissed: sql<number>`count(*) filter (where ${playerReports.status} = 'dismissed')`.mapWith(
              Number,
            ),
          })
          .from(playerReports)
          .where(inArray(playerReports.reporterId, reporters))
          .groupBy(playerReports.reporterId)
      : [];
  return {
    reports: rows.map(({ report, reporterName }) => {
      const record = records.find((r) => r.reporterId === report.reporterId);
      return {
        ...reportView(report, reporterName),
        reporter_record: record
          ? {
              reports: record.reports,
              dismissed: record.dismissed,
              // Most of their reports dismissed, and enough of them to be a pattern.
              flooding: record.dismissed >= FLOODING_DISMISSED_MIN && record.dismissed * 2 > record.reports,
            }
          : null,
      };
    }),
  };
}

/** POST /api/admin/reports/resolve: dismiss (with a reason) or mark reviewed; reports already closed are skipped. */
export async function resolveReports(
  ctx: ServiceContext,
  body: { report_ids: string[]; action: 'dismiss' | 'review'; reason?: string },
  actor: StaffActor,
): Promise<{ resolved: number }> {
  return ctx.transaction(async (tx) => {
    const resolved = await closeReports(tx, {
      ids: [...new Set(body.report_ids)],
      status: body.action === 'dismiss' ? 'dismissed' : 'reviewed',
      by: actor.session.subjectId,
      resolution: body.reason || undefined,
    });
    await writeAudit(tx, {
      actor: actor.session,
      action: body.action === 'dismiss' ? 'reports.dismiss' : 'reports.review',
      target: auditTarget.admin(actor.session.subjectId),
      ip: actor.ip,
      details: { reportIds: body.report_ids, reason: body.reason ?? null, resolved },
    });
    return { resolved };
  });
}
