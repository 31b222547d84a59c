import { randomUUID } from 'node:crypto';
import { ENTITLEMENT_MESSAGES, type Entitlement, entitlementSchema, type Game } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { paidOrder } from '../../../test/entitlements';
import { createPlayer } from '../../../test/fixtures';
import { sendXsollaNotification, xsolla } from '../../../test/xsolla';
import { gameServerKeys } from '../../db/schema/index';
import { createServerKey } from '../events';

let t: TestApp;
const keys = {} as Record<Game, string>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const game of ['yggdra', 'talesrunner', 'caliber'] as const)
    keys[game] = (await createServerKey(t.app.ctx, game, `${game} servers`)).key;
});
afterAll(() => t.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const list = (
  query: Record<string, string | number>,
  headers: Record<string, string> = bearer(keys.yggdra),
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/game/entitlements?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers,
  });
const consume = (id: string, headers: Record<string, string> = bearer(keys.yggdra)) =>
  t.app.inject({ method: 'POST', url: `/api/game/entitlements/${id}/consume`, headers });

/** Every page of a listing, following `next`. */
async function allPages(query: Record<string, string | number>, key = keys.yggdra) {
  const seen: Entitlement[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const res = await list({ ...query, ...(after ? { after } : {}) }, bearer(key));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { entitlements: Entitlement[]; next: string | null };
    seen.push(...body.entitlements);
    after = body.next;
    pages += 1;
  } while (after);
  return { seen, pages };
}

describe('GET /api/game/entitlements', () => {
  it("lists the key's game's entitlements of a player, oldest first, in the contract's shape", async () => {
    const grantedAt = t.clock.now().toISOString();
    const first = await paidOrder(t);
    t.clock.advance(1000);
    const second = await paidOrder(t, 'yggdra', [{ price: '20.00', quantity: 3 }]);
    const res = await list({ player: first.player.user.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next).toBeNull();
    expect(body.entitlements).toHaveLength(2);
    for (const entitlement of body.entitlements)
      expect(entitlementSchema.parse(entitlement)).toEqual(entitlement);
    // Lines granted together are ordered by id; compare them by sku.
    const bySku = [...body.entitlements].sort((a: Entitlement, b: Entitlement) => a.sku.localeCompare(b.sku));
    expect(bySku.map((e: Entitlement) => [e.sku, e.name, e.quantity])).toEqual([
      [first.skus[0], first.names[0], 1],
      [first.skus[1], first.names[1], 2],
    ]);
    for (const entitlement of body.entitlements)
      expect(entitlement).toMatchObject({
        player: first.player.user.id,
        game: 'yggdra',
        order: first.txnid,
        status: 'pending',
        granted_at: grantedAt,
        consumed_at: null,
        revoked_at: null,
        clawback: false,
      });
    // Oldest first across players: the first order's lines come before the second's.
    const { seen } = await allPages({ status: 'pending' });
    const firstAt = seen.findIndex((e) => e.order === first.txnid);
    const secondAt = seen.findIndex((e) => e.order === second.txnid);
    expect(firstAt).toBeGreaterThanOrEqual(0);
    expect(secondAt).toBeGreaterThan(firstAt);
  });

  it('pages with the cursor: every entitlement once, in order, limit at a time', async () => {
    const { player } = await paidOrder(t, 'yggdra', [
      { price: '1.00', quantity: 1 },
      { price: '2.00', quantity: 1 },
      { price: '3.00', quantity: 1 },
      { price: '4.00', quantity: 1 },
      { price: '5.00', quantity: 1 },
    ]);
    const whole = (await list({ player: player.user.id, limit: 500 })).json().entitlements as Entitlement[];
    expect(whole).toHaveLength(5);
    const { seen, pages } = await allPages({ player: player.user.id, limit: 2 });
    expect(pages).toBe(3);
    expect(seen.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    const sorted = [...whole].sort(
      (a, b) => a.granted_at.localeCompare(b.granted_at) || a.id.localeCompare(b.id),
    );
    expect(whole.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
  });

  it('filters by status', async () => {
    const { player } = await paidOrder(t);
    const [one] = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    expect((await consume(one!.id)).statusCode).toBe(200);
    const pending = (await list({ player: player.user.id, status: 'pending' })).json().entitlements;
    const consumed = (await list({ player: player.user.id, status: 'consumed' })).json().entitlements;
    const revoked = (await list({ player: player.user.id, status: 'revoked' })).json().entitlements;
    expect(pending.map((e: Entitlement) => e.status)).toEqual(['pending']);
    expect(consumed.map((e: Entitlement) => e.id)).toEqual([one!.id]);
    expect(revoked).toEqual([]);
  });

  it("never shows another game's entitlements; a game without a shop is owed nothing", async () => {
    const { player, txnid } = await paidOrder(t, 'talesrunner');
    const other = await list({ player: player.user.id });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ entitlements: [], next: null });
    const own = await list({ player: player.user.id }, bearer(keys.talesrunner));
    expect(own.json().entitlements.map((e: Entitlement) => e.order)).toEqual([txnid, txnid]);
    const caliber = await list({}, bearer(keys.caliber));
    expect(caliber.json()).toEqual({ entitlements: [], next: null });
  });

  it('answers 401 without a key, with a wrong one or a revoked one, before reading the input', async () => {
    const res = await list({ limit: 'lots' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'Send the game server key as "Authorization: Bearer <key>" or "X-Server-Key".',
    );
    const wrong = await list({}, bearer('gsk_yggdra_not-a-key'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('This server key is not valid.');
    const { id, key } = await createServerKey(t.app.ctx, 'yggdra', 'retired');
    expect((await list({}, { 'x-server-key': key })).statusCode).toBe(200);
    await t.app.ctx.db
      .update(gameServerKeys)
      .set({ revokedAt: t.clock.now() })
      .where(eq(gameServerKeys.id, id));
    expect((await list({}, { 'x-server-key': key })).statusCode).toBe(401);
  });

  it('answers 422 for a bad status, player, limit or cursor', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ status: 'granted' }, 'status', 'status must be pending, consumed or revoked.'],
      [{ player: 'someone' }, 'player', 'player must be the player uuid.'],
      [{ limit: 0 }, 'limit', 'limit must be a whole number from 1 to 500.'],
      [{ limit: 501 }, 'limit', 'limit must be a whole number from 1 to 500.'],
      [{ limit: 2.5 }, 'limit', 'limit must be a whole number from 1 to 500.'],
      [{ limit: 'ten' }, 'limit', 'limit must be a whole number from 1 to 500.'],
      [{ after: 'not-a-cursor' }, 'after', ENTITLEMENT_MESSAGES.badCursor],
      [
        { after: Buffer.from('2026-13-45T00:00:00|x').toString('base64url') },
        'after',
        ENTITLEMENT_MESSAGES.badCursor,
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });
});

describe('POST /api/game/entitlements/{id}/consume', () => {
  it('consumes a pending entitlement once; the same call again answers the same entitlement', async () => {
    const { player } = await paidOrder(t);
    const [one, two] = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    t.clock.advance(5000);
    const res = await consume(one!.id);
    expect(res.statusCode).toBe(200);
    const { entitlement } = res.json();
    expect(entitlement).toEqual({ ...one, status: 'consumed', consumed_at: t.clock.now().toISOString() });
    t.clock.advance(5000);
    const again = await consume(one!.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().entitlement).toEqual(entitlement);
    // The other line is untouched.
    const after = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    expect(after.find((e) => e.id === two!.id)!.status).toBe('pending');
  });

  it('consumes once when the game calls twice at the same time', async () => {
    const { player } = await paidOrder(t);
    const [one] = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    const answers = await Promise.all([consume(one!.id), consume(one!.id), consume(one!.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const consumedAt = new Set(answers.map((a) => a.json().entitlement.consumed_at));
    expect(consumedAt.size).toBe(1);
  });

  it('answers 409 for a revoked entitlement, and the game is not told it is consumed', async () => {
    const { player, ref } = await paidOrder(t);
    expect((await sendXsollaNotification(t.app, xsolla.refund(ref, 1, 'Cancellation'))).statusCode).toBe(204);
    const [one] = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    expect(one!.status).toBe('revoked');
    const res = await consume(one!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ENTITLEMENT_MESSAGES.revoked);
    expect((await list({ player: player.user.id })).json().entitlements[0].status).toBe('revoked');
  });

  it("answers 404 for another game's entitlement and an unknown id, alike", async () => {
    const { player } = await paidOrder(t, 'talesrunner');
    const [theirs] = (await list({ player: player.user.id }, bearer(keys.talesrunner))).json()
      .entitlements as Entitlement[];
    for (const [id, key] of [
      [theirs!.id, keys.yggdra],
      [theirs!.id, keys.caliber],
      [randomUUID(), keys.talesrunner],
    ] as const) {
      const res = await consume(id, bearer(key));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ENTITLEMENT_MESSAGES.notFound);
    }
    // Untouched: still pending for its own game.
    expect((await consume(theirs!.id, bearer(keys.talesrunner))).json().entitlement.status).toBe('consumed');
  });

  it('answers 401 without a key or with a wrong one, and 422 for an id that is not a uuid', async () => {
    const { player } = await paidOrder(t);
    const [one] = (await list({ player: player.user.id })).json().entitlements as Entitlement[];
    expect((await consume(one!.id, {})).statusCode).toBe(401);
    expect((await consume(one!.id, bearer('wrong'))).statusCode).toBe(401);
    expect((await consume('not-an-id', {})).statusCode).toBe(401);
    const bad = await consume('not-an-id');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(ENTITLEMENT_MESSAGES.notFound);
    expect((await list({ player: player.user.id })).json().entitlements[0].status).toBe('pending');
  });

  it('a player session is not a server key', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    expect((await list({}, player.auth)).statusCode).toBe(401);
  });
});
