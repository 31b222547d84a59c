import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from './validation';

/** Ingestion API of game servers: POST /api/events/{game}, key in `Authorization: Bearer` or `X-Server-Key`. */
export const MAX_EVENT_BATCH = 1000;
/** A session longer than this is refused as malformed. */
export const MAX_SESSION_HOURS = 24;

const eventId = z
  .string({ message: 'Each event needs an id.' })
  .min(1, 'Each event needs an id.')
  .max(100, 'An event id is at most 100 characters.');
const EARLIEST_INSTANT = Date.parse(`${DATE_MIN}T00:00:00Z`);
const LATEST_INSTANT = Date.parse(`${DATE_MAX}T23:59:59.999Z`);
const instant = z.iso
  .datetime({
    offset: true,
    message: 'Use an ISO 8601 time with a zone, e.g. 2026-11-21T08:30:00Z.',
    abort: true,
  })
  // Year 0000 is valid ISO 8601 but not a PostgreSQL timestamp.
  .refine((v) => {
    const at = Date.parse(v);
    return at >= EARLIEST_INSTANT && at <= LATEST_INSTANT;
  }, 'Use a time between 1900 and 2100.');
const player = z.uuid({ message: 'player must be the player uuid.' });

export const sessionEventSchema = z
  .object({ id: eventId, type: z.literal('session'), player, start: instant, end: instant })
  .refine((e) => Date.parse(e.end) > Date.parse(e.start), {
    message: 'end must be after start.',
    path: ['end'],
  })
  .refine((e) => Date.parse(e.end) - Date.parse(e.start) <= MAX_SESSION_HOURS * 3_600_000, {
    message: `A session lasts at most ${MAX_SESSION_HOURS} hours; report longer play as several sessions.`,
    path: ['end'],
  });

export const levelEventSchema = z.object({
  id: eventId,
  type: z.literal('level'),
  player,
  level: z
    .number({ message: 'level must be a whole number.' })
    .int('level must be a whole number.')
    .min(0)
    .max(100_000),
  at: instant,
});

export const downloadEventSchema = z.object({
  id: eventId,
  type: z.literal('download'),
  at: instant,
  /** Downloads this event stands for (default 1). */
  count: z.number().int('count must be a whole number.').min(1).max(1_000_000).optional(),
  clientId: z.string().max(200).optional(),
});

export const gameEventSchema = z.discriminatedUnion(
  'type',
  [sessionEventSchema, levelEventSchema, downloadEventSchema],
  {
    message: "type must be 'session', 'level' or 'download'.",
  },
);
export type GameEvent = z.infer<typeof gameEventSchema>;

export const eventBatchSchema = z.object({
  events: z.array(gameEventSchema, { message: 'events must be a list.' }).min(1, 'Send at least one event.'),
});

/** The game the reporting server's events are for (an unknown one is a 404 of the route's own). */
export const eventGameParamsSchema = z.object({ game: z.string() });
export const eventBatchReplySchema = z.object({
  received: z.number().int(),
  stored: z.number().int(),
  /** Ids already stored before (or repeated in this batch): nothing changed for them. */
  duplicates: z.array(z.string()),
});
export type EventBatchReply = z.infer<typeof eventBatchReplySchema>;
