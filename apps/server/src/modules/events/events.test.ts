import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { rowsOf } from '../../db/rows';
import { createServerKey, revokeServerKey } from './keys';

let t: TestApp;
let caliberKey: string;
let yggdraKey: string;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2028-03-02T04:00:00Z') });
  caliberKey = (await createServerKey(t.app.ctx, 'caliber', 'test')).key;
  yggdraKey = (await createServerKey(t.app.ctx, 'yggdra', 'test')).key;
});
afterAll(() => t.close());

const post = (
  game: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${caliberKey}` },
) => t.app.inject({ method: 'POST', url: `/api/events/${game}`, headers, payload: body as object });

describe('POST /api/events/{game}: keys', () => {
  it('answers 401 without a key and with an unknown or revoked key', async () => {
    const body = { events: [{ id: 'x', type: 'download', at: '2028-03-01T00:00:00Z' }] };
    const none = await post('caliber', body, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/server key/);
    expect((await post('caliber', body, { authorization: 'Bearer gsk_caliber_nope' })).statusCode).toBe(401);
    const { id, key } = await createServerKey(t.app.ctx, 'caliber', 'old');
    await revokeServerKey(t.app.ctx, id, new Date());
    expect((await post('caliber', body, { 'x-server-key': key })).statusCode).toBe(401);
  });

  it('answers 403 for the key of another game, and 404 for an unknown game', async () => {
    const body = { events: [{ id: 'x', type: 'download', at: '2028-03-01T00:00:00Z' }] };
    const res = await post('caliber', body, { 'x-server-key': yggdraKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This server key belongs to yggdra, not caliber.');
    expect((await post('minecraft', body)).statusCode).toBe(404);
  });

  it('checks the key before the body', async () => {
    expect((await post('caliber', { events: 'nope' }, {})).statusCode).toBe(401);
  });
});

describe('POST /api/events/{game}: batches', () => {
  it('refuses more than 1,000 events with 413 and a clear message', async () => {
    const events = Array.from({ length: 1001 }, (_, i) => ({
      id: `big-${i}`,
      type: 'download',
      at: '2028-03-01T00:00:00Z',
    }));
    const res = await post('caliber', { events });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'A batch holds at most 1,000 events; this one has 1,001. Split it into smaller batches.',
    );
  });

  it('accepts exactly 1,000 events', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      id: `ok-${i}`,
      type: 'download',
      at: '2020-03-01T00:00:00Z',
    }));
    const res = await post('caliber', { events });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1000, stored: 1000, duplicates: [] });
  });

  it('answers 422 with field-keyed messages for malformed events and stores nothing', async () => {
    const { user } = await createPlayer(t.app.ctx, { games: ['caliber'] });
    const res = await post('caliber', {
      events: [
        {
          id: 'm-1',
          type: 'session',
          player: user.id,
          start: '2028-03-01T10:00:00Z',
          end: '2028-03-01T09:00:00Z',
        },
        { id: 'm-2', type: 'level', player: 'not-a-uuid', level: 3, at: '2028-03-01T10:00:00Z' },
        { id: 'm-3', type: 'teleport', at: '2028-03-01T10:00:00Z' },
        { id: 'm-4', type: 'download', at: 'yesterday' },
      ],
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors['events.0.end']).toEqual(['end must be after start.']);
    expect(body.errors['events.1.player']).toEqual(['player must be the player uuid.']);
    expect(Object.keys(body.errors)).toContain('events.2.type');
    expect(body.errors['events.3.at'][0]).toMatch(/ISO 8601/);
    expect(body.message).toBe('end must be after start.');
    const [row] = rowsOf<{ n: number }>(
      await t.app.ctx.db.execute(sql`select count(*)::int as n from game_events where event_id like 'm-%'`),
    );
    expect(row!.n).toBe(0);
  });

  it('answers 422 for a missing events list, sessions over 24 h, future times and unknown players', async () => {
    expect((await post('caliber', {})).json().errors.events).toBeDefined();
    const { user } = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const res = await post('caliber', {
      events: [
        {
          id: 'l-1',
          type: 'session',
          player: user.id,
          start: '2028-03-01T00:00:00Z',
          end: '2028-03-02T01:00:00Z',
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['events.0.end'][0]).toMatch(/at most 24 hours/);
    const future = await post('caliber', {
      events: [{ id: 'f-1', type: 'download', at: '2028-03-10T00:00:00Z' }],
    });
    expect(future.json().errors['events.0.at']).toEqual(['This time is in the future.']);
    const stranger = await post('caliber', {
      events: [{ id: 'u-1', type: 'level', player: user.id, level: 2, at: '2028-03-01T00:00:00Z' }],
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors['events.0.player']).toEqual([
      `No player ${user.id} is registered for caliber.`,
    ]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/caliber',
      headers: { authorization: `Bearer ${caliberKey}`, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(res.statusCode).toBe(400);
  });

  it('is idempotent per event id: a replay changes nothing and names the duplicates', async () => {
    const { user } = await createPlayer(t.app.ctx, { games: ['caliber'] });
    const id = randomUUID();
    const batch = {
      events: [
        {
          id: `${id}-s`,
          type: 'session',
          player: user.id,
          start: '2028-03-01T01:00:00Z',
          end: '2028-03-01T01:30:00Z',
        },
        { id: `${id}-l`, type: 'level', player: user.id, level: 12, at: '2028-03-01T01:20:00Z' },
        { id: `${id}-l`, type: 'level', player: user.id, level: 99, at: '2028-03-01T01:21:00Z' },
      ],
    };
    const first = await post('caliber', batch);
    expect(first.json()).toEqual({ received: 3, stored: 2, duplicates: [`${id}-l`] });
    const counts = async () =>
      rowsOf<{ users: number }>(
        await t.app.ctx.db.execute(
          sql`select users from activity_counts where game = 'caliber' and metric = 'play' and period = 'day' and period_start = '2028-03-01'`,
        ),
      )[0]?.users;
    const before = await counts();
    const replay = await post('caliber', batch);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: 3, stored: 0, duplicates: [`${id}-s`, `${id}-l`, `${id}-l`] });
    expect(await counts()).toBe(before);
    // The level from the stored event (12), not the in-batch duplicate (99); last login = session start.
    const [game] = rowsOf<{ level: number; session_start: string | Date }>(
      await t.app.ctx.db.execute(
        sql`select level, session_start from user_games where user_id = ${user.id} and game = 'caliber'`,
      ),
    );
    expect(game!.level).toBe(12);
    expect(new Date(game!.session_start).toISOString()).toBe('2028-03-01T01:00:00.000Z');
  });
});
