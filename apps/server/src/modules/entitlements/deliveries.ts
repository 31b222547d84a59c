import { randomUUID } from 'node:crypto';
import type { Entitlement, Game, GameWebhookEvent, GameWebhookEventType } from '@portal/contract';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { entitlements, gameWebhooks, webhookDeliveries } from '../../db/schema/index';
import { ringWhenCommitted, type ServiceContext } from '../../lib/context';
import { openSecret } from '../../lib/secret-box';
import { type AttemptResult, send } from './webhook-send';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks-signature';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Retries stop this long after the event was made (or retried by staff); the delivery is then failed. */
export const DELIVERY_WINDOW_MS = 48 * 60 * 60 * 1000;
/** A claimed delivery is leased for this long: a process that dies mid-send leaves it to the next run. */
const LEASE_MS = 60_000;
const BATCH = 50;
/** One run of the task sends at most this many batches, so it returns and the scheduler can stop it. */
const MAX_BATCHES_PER_RUN = 40;

/** After attempt n fails: 15 s, 30 s, 1 min, 2 min … at most every hour. */
export function deliveryRetryDelayMs(attempt: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** The exact bytes sent for an event: `{ id, type, created_at, data }`. */
export function eventBody(event: GameWebhookEvent): string {
  return JSON.stringify(event);
}

/**
 * Writes the webhook event of a granted or revoked entitlement to the outbox, in the caller's transaction
 * (pass its context), when the entitlement's game has an active webhook; nothing otherwise. The event's time is the
 * entitlement's own (granted_at or revoked_at), so it needs no clock of its own.
 */
export async function enqueueEntitlementEvent(
  ctx: ServiceContext,
  type: 'entitlement.granted' | 'entitlement.revoked',
  entitlement: Entitlement,
): Promise<void> {
  const [webhook] = await ctx.db
    .select({ game: gameWebhooks.game })
    .from(gameWebhooks)
    .where(and(eq(gameWebhooks.game, entitlement.game), eq(gameWebhooks.active, true)));
  if (!webhook) return;
  const at = new Date(
    (type === 'entitlement.revoked' ? entitlement.revoked_at : null) ?? entitlement.granted_at,
  );
  await insertDelivery(ctx, {
    game: entitlement.game,
    type,
    at,
    data: { entitlement },
    entitlementId: entitlement.id,
    orderTxnid: entitlement.order,
  });
}

/** Those of `games` with an active webhook. */
export async function gamesWithActiveWebhook(ctx: ServiceContext, games: Game[]): Promise<Game[]> {
  const hooks = await ctx.db
    .select({ game: gameWebhooks.game })
    .from(gameWebhooks)
    .where(and(inArray(gameWebhooks.game, games), eq(gameWebhooks.active, true)));
  return hooks.map((hook) => hook.game);
}

/** Adds an event to the outbox, due at once, and wakes the delivery task once it is committed. */
export async function insertDelivery(
  ctx: ServiceContext,
  event: Parameters<typeof writeDelivery>[1],
): Promise<DeliveryRow> {
  const row = await writeDelivery(ctx, event);
  ringWhenCommitted(ctx, 'game-webhook-deliveries');
  return row;
}

/** Adds an event to the outbox, due at once, for its writer to send (`deliverNow`) or the task to find. */
export async function writeDelivery(
  ctx: ServiceContext,
  event: {
    game: Game;
    type: GameWebhookEventType;
    at: Date;
    data: GameWebhookEvent['data'];
    entitlementId?: string;
    orderTxnid?: string;
  },
): Promise<DeliveryRow> {
  const id = newEventId();
  const body = eventBody({ id, type: event.type, created_at: event.at.toISOString(), data: event.data });
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      game: event.game,
      eventId: id,
      type: event.type,
      body,
      entitlementId: event.entitlementId ?? null,
      orderTxnid: event.orderTxnid ?? null,
      status: 'pending',
      nextAttemptAt: event.at,
      giveUpAt: new Date(event.at.getTime() + DELIVERY_WINDOW_MS),
      createdAt: event.at,
    })
    .returning();
  return row!;
}

/**
 * Records a batch of attempts' results. A 2xx delivers (and marks a granted entitlement delivered), all
 * successes in one transaction; otherwise a delivery is due again after the backoff, or failed when its 48
 * hours are over.
 */
async function recordAttempts(
  ctx: ServiceContext,
  attempts: { delivery: DeliveryRow; result: AttemptResult }[],
) {
  const now = ctx.clock.now();
  const delivered = attempts.filter((a) => a.result.error === null);
  if (delivered.length > 0)
    await ctx.transaction(async (tx) => {
      // One status per batch is the common case; a 2xx other than the first one's is recorded as it came.
      for (const status of new Set(delivered.map((a) => a.result.status)))
        await tx.db
          .update(webhookDeliveries)
          .set({
            status: 'delivered',
            deliveredAt: now,
            lastAttemptAt: now,
            lastStatus: status,
            lastError: null,
          })
          .where(
            inArray(
              webhookDeliveries.id,
              delivered.filter((a) => a.result.status === status).map((a) => a.delivery.id),
            ),
          );
      const granted = delivered
        .filter((a) => a.delivery.type === 'entitlement.granted' && a.delivery.entitlementId)
        .map((a) => a.delivery.entitlementId!);
      if (granted.length > 0)
        await tx.db
          .update(entitlements)
          .set({ deliveredAt: now })
          .where(and(inArray(entitlements.id, granted), sql`${entitlements.deliveredAt} is null`));
    });
  for (const { delivery, result } of attempts) {
    if (result.error === null) continue;
    const next = new Date(now.getTime() + deliveryRetryDelayMs(delivery.attempts));
    // A test ping is sent once: its answer is what staff wanted to see.
    const givesUp = delivery.type === 'ping' || next.getTime() > delivery.giveUpAt.getTime();
    await ctx.db
      .update(webhookDeliveries)
      .set({
        status: givesUp ? 'failed' : 'pending',
        nextAttemptAt: givesUp ? now : next,
        lastAttemptAt: now,
        lastStatus: result.status,
        lastError: result.error,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  }
}

/** The games' webhook URL and plain secret, for a batch of deliveries. */
async function webhooksOf(ctx: ServiceContext, games: Game[]) {
  const rows = games.length
    ? await ctx.db.select().from(gameWebhooks).where(inArray(gameWebhooks.game, games))
    : [];
  return new Map(
    rows.map((row) => [
      row.game,
      { url: row.url, secret: openSecret(ctx.config.SECRET_KEY, WEBHOOK_SECRET_PURPOSE, row.secretSealed) },
    ]),
  );
}

/** Claims up to `BATCH` due deliveries (skipping rows another process holds) and leases them. */
async function claimDue(ctx: ServiceContext): Promise<DeliveryRow[]> {
  const now = ctx.clock.now();
  return ctx.db
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(
      inArray(
        webhookDeliveries.id,
        ctx.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
          .orderBy(webhookDeliveries.nextAttemptAt)
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/**
 * Sends one delivery now, whatever its state and due time (staff's retry, the test ping): it is leased like
 * a claimed one, given a new 48-hour window, and the attempt recorded. Returns the row after the attempt, or
 * null when there is no such delivery or it was already delivered.
 */
export async function deliverNow(ctx: ServiceContext, id: string): Promise<DeliveryRow | null> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      giveUpAt: new Date(now.getTime() + DELIVERY_WINDOW_MS),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, 'delivered')))
    .returning();
  if (!claimed) return null;
  await attemptDeliveries(ctx, [claimed]);
  const [after] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return after!;
}

/** Sends claimed deliveries in parallel and records the attempts. */
async function attemptDeliveries(ctx: ServiceContext, claimed: DeliveryRow[]): Promise<void> {
  const webhooks = await webhooksOf(ctx, [...new Set(claimed.map((d) => d.game))]);
  const attempts = await Promise.all(
    claimed.map(async (delivery) => {
      const webhook = webhooks.get(delivery.game);
      const result: AttemptResult = !webhook
        ? { status: null, error: 'The game has no webhook any more.' }
        : webhook.secret === null
          ? { status: null, error: 'The signing secret cannot be read (SECRET_KEY changed?): rotate it.' }
          : await send(ctx, webhook.url, webhook.secret, delivery);
      return { delivery, result };
    }),
  );
  await recordAttempts(ctx, attempts);
}

/**
 * Scheduled task: sends the deliveries that are due, each batch's in parallel, outside any transaction.
 * Returns how many attempts were made. At least once: a process that dies after the receiver answered but
 * before recording it sends the event again after the lease, so receivers dedupe by event id.
 */
export async function deliverDueWebhooks(ctx: ServiceContext): Promise<number> {
  let attempts = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await claimDue(ctx);
    if (claimed.length === 0) break;
    await attemptDeliveries(ctx, claimed);
    attempts += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return attempts;
}
