import { type AppealList, SANCTION_MESSAGES } from '@portal/contract';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import {
  type AppealRow,
  appealsPage,
  appealView,
  findSanction,
  lockAppeal,
  markAppealDecided,
  sanctionStatus,
  sanctionsByIds,
} from '../standing';
import { emailPlayer } from './notices';
import { reportsAnswering } from './reports';
import { liftInTransaction, type StaffActor, staffPage, staffSanctionViews } from './sanction-actions';

async function withSanctions(ctx: ServiceContext, appeals: AppealRow[]) {
  if (appeals.length === 0) return [];
  const rows = await sanctionsByIds(
    ctx,
    appeals.map((a) => a.sanctionId),
  );
  const [views, reports] = await Promise.all([
    staffSanctionViews(ctx, rows),
    reportsAnswering(
      ctx,
      rows.map((row) => row.id),
    ),
  ]);
  return appeals.map((appeal) => ({
    ...appealView(appeal),
    sanction: views.find((view) => view.id === appeal.sanctionId)!,
    reports: reports.get(appeal.sanctionId) ?? [],
  }));
}

/**
 * GET /api/admin/appeals: oldest first (the longest waiting is answered first), each with its sanction and the
 * reports it answered.
 */
export async function listAppeals(
  ctx: ServiceContext,
  query: { status: 'open' | 'upheld' | 'lifted'; page: number },
): Promise<AppealList> {
  const { rows, ...paging } = await staffPage(
    query.page,
    (limit, offset) => appealsPage(ctx, query.status, limit, offset),
    (page) => withSanctions(ctx, page),
  );
  return { appeals: rows, ...paging };
}

/**
 * POST /api/admin/appeals/{id}/decision: uphold (the sanction stays; the player is told staff's answer) or
 * lift (the sanction is lifted with the answer as its reason). A decided appeal is 409.
 * Lock order: the appeal, then its sanction (liftInTransaction).
 */
export async function decideAppeal(
  ctx: ServiceContext,
  appealId: string,
  decision: { decision: 'uphold' | 'lift'; message: string },
  actor: StaffActor,
) {
  const decided = await ctx.transaction(async (tx) => {
    const appeal = await lockAppeal(tx, appealId);
    if (!appeal) throw notFound(SANCTION_MESSAGES.appealNotFound);
    if (appeal.status !== 'open') throw new AppError('CONFLICT', SANCTION_MESSAGES.appealDecided);
    const lifting = decision.decision === 'lift';
    const row = await markAppealDecided(tx, appealId, {
      status: lifting ? 'lifted' : 'upheld',
      answer: decision.message,
      by: actor.session.subjectId,
      at: tx.clock.now(),
    });
    const sanction = await findSanction(tx, appeal.sanctionId);
    if (!lifting) await emailPlayer(tx, sanction!, { appeal: 'upheld', answer: decision.message });
    // An appeal of a sanction that has ended meanwhile is decided without lifting anything.
    else if (sanctionStatus(sanction!, tx.clock.now()) === 'active')
      await liftInTransaction(tx, appeal.sanctionId, decision.message, actor);
    await writeAudit(tx, {
      actor: actor.session,
      action: lifting ? 'appeals.lift' : 'appeals.uphold',
      target: auditTarget.user(sanction!.userId),
      ip: actor.ip,
      details: {
        userId: sanction!.userId,
        appealId,
        sanctionId: appeal.sanctionId,
        message: decision.message,
      },
    });
    return row;
  });
  const [appeal] = await withSanctions(ctx, [decided]);
  return { appeal: appeal! };
}
