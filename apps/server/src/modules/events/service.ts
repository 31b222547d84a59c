import {
  type EventBatchReply,
  eventBatchSchema,
  type Game,
  type GameEvent,
  MAX_EVENT_BATCH,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { gameEvents } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { applyPlayerActivity, registeredPlayers } from '../accounts';
import {
  addDays,
  lockGameRollups,
  recordActivity,
  recordDownloads,
  recordSessions,
  reportingDay,
} from '../analytics';

/** Events may be reported late, but not from the future (beyond clock drift). */
const MAX_FUTURE_MS = 24 * 3_600_000;

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** Checks the shape and limits of a batch: 413 above the batch limit, 422 with field-keyed messages otherwise. */
function parseBatch(body: unknown, now: Date): GameEvent[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (Array.isArray(events) && events.length > MAX_EVENT_BATCH) {
    throw new AppError(
      'BATCH_TOO_LARGE',
      `A batch holds at most ${MAX_EVENT_BATCH.toLocaleString('en-US')} events; this one has ${events.length.toLocaleString('en-US')}. Split it into smaller batches.`,
    );
  }
  const parsed = eventBatchSchema.safeParse(body);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error.issues));
  const limit = now.getTime() + MAX_FUTURE_MS;
  const errors: FieldErrors = {};
  parsed.data.events.forEach((event, index) => {
    const at = event.type === 'session' ? event.end : event.at;
    if (Date.parse(at) > limit)
      errors[`events.${index}.${event.type === 'session' ? 'end' : 'at'}`] = ['This time is in the future.'];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return parsed.data.events;
}

/** Days (reporting zone) a session touches, first to last. */
function sessionDays(start: string, end: string): string[] {
  const days: string[] = [];
  const last = reportingDay(new Date(end));
  for (let day = reportingDay(new Date(start)); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Stores a batch atomically and idempotently: events whose id the game already has are answered as
 * duplicates and change nothing. New events update the rollups and the players' level and last login in
 * the same transaction.
 */
export async function ingestEvents(ctx: ServiceContext, game: Game, body: unknown): Promise<EventBatchReply> {
  const events = parseBatch(body, ctx.clock.now());
  return ctx.transaction(async (tx) => {
    const players = [
      ...new Set(events.flatMap((e) => (e.type === 'download' ? [] : [e.player.toLowerCase()]))),
    ];
    const known = await registeredPlayers(tx, game, players);
    const unknown: FieldErrors = {};
    events.forEach((e, i) => {
      if (e.type !== 'download' && !known.has(e.player.toLowerCase()))
        unknown[`events.${i}.player`] = [`No player ${e.player} is registered for ${game}.`];
    });
    if (Object.keys(unknown).length > 0) throw validationError(unknown);

    await lockGameRollups(tx.db, game);
    const rows = events.map((e) => ({
      event_id: e.id,
      type: e.type,
      user_id: e.type === 'download' ? null : e.player.toLowerCase(),
      occurred_at: e.type === 'session' ? e.start : e.at,
      ended_at: e.type === 'session' ? e.end : null,
      level: e.type === 'level' ? e.level : null,
      count: e.type === 'download' ? (e.count ?? 1) : null,
      client_id: e.type === 'download' ? (e.clientId ?? null) : null,
    }));
    // Bare names from the schema: an INSERT's column list and an ON CONFLICT target take no qualifier.
    const columns = [
      gameEvents.game,
      gameEvents.eventId,
      gameEvents.type,
      gameEvents.userId,
      gameEvents.occurredAt,
      gameEvents.endedAt,
      gameEvents.level,
      gameEvents.count,
      gameEvents.clientId,
      gameEvents.receivedAt,
    ].map((column) => sql.identifier(column.name));
    const inserted = rowsOf<{ event_id: string }>(
      await tx.db.execute(sql`
        insert into ${gameEvents} (${sql.join(columns, sql`, `)})
        select ${game}, event_id, type, user_id, occurred_at, ended_at, level, count, client_id, ${ctx.clock.now().toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(event_id text, type text, user_id uuid,
          occurred_at timestamptz, ended_at timestamptz, level int, count int, client_id text)
        on conflict (${sql.identifier(gameEvents.game.name)}, ${sql.identifier(gameEvents.eventId.name)}) do nothing
        returning ${gameEvents.eventId} as event_id`),
    );
    // An id repeated inside the batch is stored once; every other occurrence is a duplicate.
    const fresh = new Set(inserted.map((r) => r.event_id));
    const taken = new Set<string>();
    const duplicates: string[] = [];
    const stored: GameEvent[] = [];
    for (const e of events) {
      if (fresh.has(e.id) && !taken.has(e.id)) {
        taken.add(e.id);
        stored.push(e);
      } else duplicates.push(e.id);
    }

    const activity: { game: string; userId: string; day: string }[] = [];
    const sessions: { game: string; start: string; end: string }[] = [];
    const downloads: { game: string; day: string; count: number }[] = [];
    const players2: { userId: string; level?: number; sessionStart?: string }[] = [];
    for (const e of stored) {
      if (e.type === 'session') {
        const userId = e.player.toLowerCase();
        for (const day of sessionDays(e.start, e.end)) activity.push({ game, userId, day });
        sessions.push({ game, start: e.start, end: e.end });
        players2.push({ userId, sessionStart: e.start });
      } else if (e.type === 'level') {
        const userId = e.player.toLowerCase();
        activity.push({ game, userId, day: reportingDay(new Date(e.at)) });
        players2.push({ userId, level: e.level });
      } else {
        downloads.push({ game, day: reportingDay(new Date(e.at)), count: e.count ?? 1 });
      }
    }
    await recordActivity(tx.db, 'play', activity);
    await recordSessions(tx.db, sessions);
    await recordDownloads(tx.db, downloads);
    await applyPlayerActivity(tx, game, players2);
    return { received: events.length, stored: stored.length, duplicates };
  });
}
