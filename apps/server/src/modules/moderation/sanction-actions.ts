import {
  isShopGame,
  type PlaceSanctionBody,
  SANCTION_MESSAGES,
  SANCTIONS_PAGE_SIZE,
  type SanctionList,
  type StaffSanction,
  SUPPORT_SANCTION_MAX_DAYS,
} from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { playerReports } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext, TxContext } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import { mayCall } from '../../lib/staff-access';
import { findUsersByIds, lockPlayer } from '../accounts';
import { findAdminById, staffNamed } from '../admin-auth';
import { cancelOpenOrdersOf } from '../orders';
import {
  appealsOf,
  insertSanction,
  lockSanction,
  markSanctionLifted,
  type SanctionRow,
  sanctionsPage,
  sanctionView,
} from '../standing';
import { emailPlayer, enqueueSanctionEvent } from './notices';
import { closeReports } from './report-ranking';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The staff member acting, and from where: every action is audited with both. */
export interface StaffActor {
  session: Session;
  ip: string;
}

/** Sanctions as staff read them: the player's name, who placed and lifted, the reports answered, the appeal. */
export async function staffSanctionViews(ctx: ServiceContext, rows: SanctionRow[]): Promise<StaffSanction[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const staffIds = [
    ...new Set(rows.flatMap((row) => [row.placedBy, row.liftedBy]).filter((id) => id !== null)),
  ];
  const [appeals, players, staff, reports] = await Promise.all([
    appealsOf(ctx, ids),
    findUsersByIds(ctx, [...new Set(rows.map((row) => row.userId))]),
    staffIds.length > 0 ? staffNamed(ctx, staffIds) : [],
    ctx.db
      .select({ id: playerReports.id, sanctionId: playerReports.sanctionId })
      .from(playerReports)
      .where(inArray(playerReports.sanctionId, ids)),
  ]);
  const playerName = new Map(players.map((p) => [p.id, p.name]));
  const staffName = new Map(staff.map((s) => [s.id, s.name]));
  const now = ctx.clock.now();
  return rows.map((row) => ({
    ...sanctionView(row, appeals.get(row.id) ?? null, now),
    player_name: playerName.get(row.userId) ?? '',
    staff_note: row.staffNote,
    placed_by: row.placedBy ? (staffName.get(row.placedBy) ?? null) : null,
    lifted_by: row.liftedBy ? (staffName.get(row.liftedBy) ?? null) : null,
    lift_reason: row.liftReason,
    report_ids: reports.filter((r) => r.sanctionId === row.id).map((r) => r.id),
  }));
}

/** One sanction as staff read it: the reply of placing and lifting. */
async function staffSanctionReply(
  ctx: ServiceContext,
  row: SanctionRow,
): Promise<{ sanction: StaffSanction }> {
  const [sanction] = await staffSanctionViews(ctx, [row]);
  return { sanction: sanction! };
}

/**
 * One page of a staff list, SANCTIONS_PAGE_SIZE rows: `read` is asked for one row more than a page, so the
 * reply knows whether another page follows; `view` makes the page's rows into what staff read.
 */
export async function staffPage<Row, View>(
  page: number,
  read: (limit: number, offset: number) => Promise<Row[]>,
  view: (rows: Row[]) => Promise<View[]>,
): Promise<{ rows: View[]; page: number; has_more: boolean }> {
  const rows = await read(SANCTIONS_PAGE_SIZE + 1, (page - 1) * SANCTIONS_PAGE_SIZE);
  return {
    rows: await view(rows.slice(0, SANCTIONS_PAGE_SIZE)),
    page,
    has_more: rows.length > SANCTIONS_PAGE_SIZE,
  };
}

async function staffRole(ctx: ServiceContext, adminId: string) {
  return (await findAdminById(ctx, adminId))?.role ?? null;
}

/**
 * Ends what the new sanction stops at once: an account ban every portal session (and with them the apps'
 * grants and tokens, lib/session-ends); a ban or restriction that covers purchases the checkouts already
 * open. Everything else is checked against the sanctions when used: tokens of the game's apps
 * (oidc/account.ts), the launcher, a launcher code, the shop.
 */
async function enforce(tx: TxContext, row: SanctionRow) {
  if (row.scope === 'account') await revokeAllSessions(tx, { userId: row.userId });
  if (row.scope === 'account' || row.scope === 'purchases') await cancelOpenOrdersOf(tx, row.userId);
  if (row.scope === 'game' && isShopGame(row.game)) await cancelOpenOrdersOf(tx, row.userId, row.game);
}

/**
 * POST /api/admin/players/{uuid}/sanctions: places a sanction now, answering the reports it names, and tells
 * the player (email) and the games it concerns (webhook). Support places at most SUPPORT_SANCTION_MAX_DAYS;
 * longer and permanent sanctions need 'sanctions.unlimited' (owners).
 * Lock order: the player's row (so two staff sanctioning one player queue), then the reports.
 */
export async function placeSanction(
  ctx: ServiceContext,
  userId: string,
  input: PlaceSanctionBody,
  actor: StaffActor,
): Promise<{ sanction: StaffSanction }> {
  const now = ctx.clock.now();
  const expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw validationError({ expires_at: [SANCTION_MESSAGES.expiresInPast] });
  const role = await staffRole(ctx, actor.session.subjectId);
  const unlimited = role !== null && mayCall(role, 'sanctions.unlimited');
  const tooLong =
    expiresAt === null || expiresAt.getTime() - now.getTime() > SUPPORT_SANCTION_MAX_DAYS * DAY_MS;
  if (tooLong && !unlimited) throw new AppError('FORBIDDEN', SANCTION_MESSAGES.tooLongForRole);
  const reportIds = [...new Set(input.report_ids ?? [])];
  const row = await ctx.transaction(async (tx) => {
    if (!(await lockPlayer(tx, userId))) throw notFound(SANCTION_MESSAGES.playerNotFound);
    const placed = await insertSanction(tx, {
      userId,
      scope: input.scope,
      game: input.game ?? null,
      category: input.category,
      note: input.note,
      staffNote: input.staff_note || null,
      startsAt: now,
      expiresAt,
      placedBy: actor.session.subjectId,
      createdAt: now,
    });
    if (reportIds.length > 0) {
      const answered = await closeReports(tx, {
        ids: reportIds,
        reportedId: userId,
        status: 'actioned',
        by: actor.session.subjectId,
        sanctionId: placed.id,
      });
      if (answered !== reportIds.length)
        throw validationError({ report_ids: [SANCTION_MESSAGES.reportsUnknown] });
    }
    await enforce(tx, placed);
    await enqueueSanctionEvent(tx, 'player.sanctioned', placed);
    await emailPlayer(tx, placed, 'placed');
    await writeAudit(tx, {
      actor: actor.session,
      action: 'sanctions.place',
      target: auditTarget.user(userId),
      ip: actor.ip,
      details: {
        userId,
        sanctionId: placed.id,
        scope: placed.scope,
        game: placed.game,
        category: placed.category,
        expiresAt: placed.expiresAt?.toISOString() ?? null,
        reportIds,
      },
    });
    return placed;
  });
  return staffSanctionReply(ctx, row);
}

/**
 * Lifts a sanction in force (in the caller's transaction): 409 when already lifted or run out. Tells the
 * player and the games, and audits it.
 */
export async function liftInTransaction(
  tx: TxContext,
  sanctionId: string,
  reason: string,
  actor: StaffActor,
): Promise<SanctionRow> {
  const row = await lockSanction(tx, sanctionId);
  if (!row) throw notFound(SANCTION_MESSAGES.notFound);
  if (row.liftedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.alreadyLifted);
  const now = tx.clock.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw new AppError('CONFLICT', SANCTION_MESSAGES.alreadyEnded);
  const lifted = await markSanctionLifted(tx, sanctionId, { at: now, by: actor.session.subjectId, reason });
  await enqueueSanctionEvent(tx, 'player.sanction_lifted', lifted);
  await emailPlayer(tx, lifted, 'lifted');
  await writeAudit(tx, {
    actor: actor.session,
    action: 'sanctions.lift',
    target: auditTarget.user(row.userId),
    ip: actor.ip,
    details: { userId: row.userId, sanctionId, reason },
  });
  return lifted;
}

/** POST /api/admin/sanctions/{id}/lift. */
export async function liftSanction(
  ctx: ServiceContext,
  sanctionId: string,
  reason: string,
  actor: StaffActor,
): Promise<{ sanction: StaffSanction }> {
  const row = await ctx.transaction((tx) => liftInTransaction(tx, sanctionId, reason, actor));
  return staffSanctionReply(ctx, row);
}

/** GET /api/admin/sanctions: newest first, filtered by state (at the clock's now), game, scope and player. */
export async function listSanctions(
  ctx: ServiceContext,
  query: {
    status?: 'active' | 'lifted' | 'expired';
    game?: SanctionRow['game'];
    scope?: SanctionRow['scope'];
    player?: string;
    page: number;
  },
): Promise<SanctionList> {
  const now = ctx.clock.now();
  const { rows, ...paging } = await staffPage(
    query.page,
    (limit, offset) => sanctionsPage(ctx, query, now, limit, offset),
    (page) => staffSanctionViews(ctx, page),
  );
  return { sanctions: rows, ...paging };
}
