import { type Delivery, type DeliveryStatus, GAME_SETTINGS_MESSAGES, type Game } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { gameWebhooks, webhookDeliveries } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { andAll, decodePosition, encodePosition, keyset, positionKey } from '../../lib/paging';
import type { Session } from '../../lib/sessions';
import { type DeliveryRow, deliverNow, writeDelivery } from './deliveries';

const PAGE_DEFAULT = 50;

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  game: row.game,
  event_id: row.eventId,
  type: row.type,
  entitlement_id: row.entitlementId,
  order: row.orderTxnid,
  status: row.status,
  attempts: row.attempts,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  last_status: row.lastStatus,
  last_error: row.lastError,
  next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  delivered_at: row.deliveredAt?.toISOString() ?? null,
});

/** The delivery log, newest first, by game and status; `next` is the cursor of the following page. */
export async function listDeliveries(
  ctx: ServiceContext,
  query: { game?: Game; status?: DeliveryStatus; after?: string; limit?: number },
): Promise<{ deliveries: Delivery[]; next: string | null }> {
  const limit = query.limit ?? PAGE_DEFAULT;
  const after = decodePosition(query.after);
  const page = keyset(sql`${webhookDeliveries.createdAt}`, sql`${webhookDeliveries.id}`, after, null);
  const rows = await ctx.db
    .select({ row: webhookDeliveries, at: positionKey(sql`${webhookDeliveries.createdAt}`).mapWith(String) })
    .from(webhookDeliveries)
    .where(
      andAll([
        query.game ? sql`${webhookDeliveries.game} = ${query.game}` : null,
        query.status ? sql`${webhookDeliveries.status} = ${query.status}` : null,
        page.where,
      ]),
    )
    .orderBy(page.order)
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    deliveries: shown.map((r) => toDelivery(r.row)),
    next: rows.length > limit && last ? encodePosition({ at: last.at, id: last.row.id }) : null,
  };
}

/** Staff's retry: sends a pending or failed delivery again now, with a new 48-hour window. Audited. */
export async function retryDelivery(ctx: ServiceContext, id: string, actor: Session, ip: string) {
  const [existing] = await ctx.db
    .select({
      status: webhookDeliveries.status,
      game: webhookDeliveries.game,
      eventId: webhookDeliveries.eventId,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  if (!existing) throw notFound(GAME_SETTINGS_MESSAGES.deliveryNotFound);
  const alreadyDelivered = new AppError('ALREADY_DELIVERED', GAME_SETTINGS_MESSAGES.alreadyDelivered);
  if (existing.status === 'delivered') throw alreadyDelivered;
  await writeAudit(ctx, {
    actor,
    action: 'games.delivery_retry',
    target: auditTarget.delivery(id),
    details: { game: existing.game, deliveryId: id, eventId: existing.eventId, status: existing.status },
    ip,
  });
  const after = await deliverNow(ctx, id);
  if (!after) throw alreadyDelivered;
  return { delivery: toDelivery(after) };
}

/** Sends a signed `ping` to the game's webhook now (also while it is off); it shows in the delivery log. */
export async function sendTestPing(ctx: ServiceContext, game: Game) {
  const [webhook] = await ctx.db
    .select({ game: gameWebhooks.game })
    .from(gameWebhooks)
    .where(and(eq(gameWebhooks.game, game)));
  if (!webhook) throw notFound(GAME_SETTINGS_MESSAGES.noWebhook);
  // Sent here and now, so the delivery task is not woken for it.
  const ping = await writeDelivery(ctx, { game, type: 'ping', at: ctx.clock.now(), data: {} });
  return { delivery: toDelivery((await deliverNow(ctx, ping.id))!) };
}
