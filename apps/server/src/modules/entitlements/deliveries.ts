import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  type Entitlement,
  type Game,
  type GameWebhookEvent,
  type GameWebhookEventType,
  PORTAL_EVENT_ID_HEADER,
  PORTAL_SIGNATURE_HEADER,
} from '@portal/contract';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { entitlements, gameWebhooks, webhookDeliveries } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { isPublicAddress, publicOnlyLookup, systemResolver } from '../../lib/public-address';
import { openSecret } from '../../lib/secret-box';
import { portalSignature, WEBHOOK_SECRET_PURPOSE } from './webhooks-signature';

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
function eventBody(event: GameWebhookEvent): string {
  return JSON.stringify(event);
}

/**
 * Writes the webhook event of a granted or revoked entitlement to the outbox, in the caller's transaction
 * `tx`, when the entitlement's game has an active webhook; nothing otherwise. The event's time is the
 * entitlement's own (granted_at or revoked_at), so it needs no clock of its own.
 */
export async function enqueueEntitlementEvent(
  tx: Database,
  type: 'entitlement.granted' | 'entitlement.revoked',
  entitlement: Entitlement,
): Promise<void> {
  const [webhook] = await tx
    .select({ game: gameWebhooks.game })
    .from(gameWebhooks)
    .where(and(eq(gameWebhooks.game, entitlement.game), eq(gameWebhooks.active, true)));
  if (!webhook) return;
  const at = new Date(
    (type === 'entitlement.revoked' ? entitlement.revoked_at : null) ?? entitlement.granted_at,
  );
  await insertDelivery(tx, {
    game: entitlement.game,
    type,
    at,
    data: { entitlement },
    entitlementId: entitlement.id,
    orderTxnid: entitlement.order,
  });
}

/** Adds an event to the outbox, due at once. */
export async function insertDelivery(
  db: Database,
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
  const [row] = await db
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

interface AttemptResult {
  status: number | null;
  error: string | null;
}

/** Short reasons for a failed connection, by error code: never the error's message (it may name the URL). */
const NETWORK_REASONS: Record<string, string> = {
  EADDRNOTPUBLIC: 'Refused: the address is not public (loopback, private, link-local or unspecified)',
  ECONNREFUSED: 'Connection refused (ECONNREFUSED)',
  ECONNRESET: 'Connection reset (ECONNRESET)',
  EHOSTUNREACH: 'Host unreachable (EHOSTUNREACH)',
  ENETUNREACH: 'Network unreachable (ENETUNREACH)',
  ENOTFOUND: 'The host name does not resolve (ENOTFOUND)',
  EAI_AGAIN: 'The host name could not be resolved now (EAI_AGAIN)',
  EPROTO: 'TLS handshake failed (EPROTO)',
};

/** The delivery log's words for a failed attempt's error: a short reason with its code, nothing it quoted. */
function networkReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'Network error';
  if (NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/.test(code))
    return `TLS certificate not accepted (${code})`;
  return /^[A-Z0-9_]{1,40}$/.test(code) ? `Network error (${code})` : 'Network error';
}

/** One POST over http(s), no redirects followed: the answer's status, or the error that ended it. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { lookup?: ReturnType<typeof publicOnlyLookup>; timeoutMs: number },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.lookup ? { lookup: options.lookup } : {}),
      },
      (response) => {
        // The answer's body is not used; reading it frees the connection.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One POST of a delivery's body to the game's URL: signed, WEBHOOK_TIMEOUT_SECONDS at most (10 s unless
 * configured), no redirects followed. A 2xx is success; a 3xx, another status, a timeout or a network error is a failure described by `error`: the status
 * or a short reason, never a redirect's Location or anything of the URL (its credentials above all). In
 * production the connection goes to public addresses only, checked when the name is resolved for it (so a
 * name that resolves elsewhere than at registration, DNS rebinding, is refused too).
 */
async function send(
  ctx: ServiceContext,
  url: string,
  secret: string,
  delivery: DeliveryRow,
): Promise<AttemptResult> {
  const t = Math.floor(ctx.clock.now().getTime() / 1000);
  const production = ctx.config.NODE_ENV === 'production';
  try {
    const target = new URL(url);
    if (target.username || target.password)
      return { status: null, error: 'Refused: the URL carries credentials' };
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is connected to without a lookup: checked here.
    if (production && isIP(host) !== 0 && !isPublicAddress(host))
      return { status: null, error: NETWORK_REASONS.EADDRNOTPUBLIC! };
    const status = await post(
      target,
      {
        'content-type': 'application/json',
        'user-agent': 'GamesPortal-Webhooks/1',
        [PORTAL_EVENT_ID_HEADER]: delivery.eventId,
        [PORTAL_SIGNATURE_HEADER]: portalSignature(secret, t, delivery.body),
      },
      delivery.body,
      {
        timeoutMs: ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        ...(production ? { lookup: publicOnlyLookup(ctx.resolveHost ?? systemResolver) } : {}),
      },
    );
    if (status >= 200 && status < 300) return { status, error: null };
    if (status >= 300 && status < 400) return { status, error: `HTTP ${status}: redirects are not followed` };
    return { status, error: `HTTP ${status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut) return { status: null, error: `No answer within ${ctx.config.WEBHOOK_TIMEOUT_SECONDS} s` };
    return { status: null, error: networkReason(error) };
  }
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
