/**
 * What one player, or a stranger, can learn or change about another: no user enumeration on sign-in,
 * forgot and resend; no reading or changing another player's cart, order or profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createPlayer } from '../fixtures';
import { fillCartAndCheckout, makeCatalog } from '../shop';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: {} });
});
afterAll(() => t.close());
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('no user enumeration', () => {
  it('answers sign-in for an unknown email and a wrong password with the same status and body', async () => {
    const player = await createPlayer(t.app.ctx);
    const unknown = await post('/login', { email: 'nobody-here@example.test', password: 'Wrong-password-1' });
    const wrong = await post('/login', { email: player.user.email, password: 'Wrong-password-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('takes the same time band for an unknown email as for a wrong password', async () => {
    const time = async (email: string, remoteAddress: string) => {
      const started = performance.now();
      await t.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email, password: 'Wrong-password-1' },
        remoteAddress,
      });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved pairs, each with its own player, unknown email and addresses, so no side meets a lockout
    // or a per-IP limit the other does not; nine pairs, so one slow request on a busy machine cannot decide.
    // The players are made first and each pair's first request alternates between the sides, so neither
    // side always follows the fixture's writes or meets a busy moment of the machine first.
    const players = [];
    for (let i = 0; i < 9; i += 1) players.push(await createPlayer(t.app.ctx));
    for (const [i, player] of players.entries()) {
      const timeKnown = () => time(player.user.email, `10.77.${i}.1`);
      const timeUnknown = () => time(`ghost-${i}@example.test`, `10.77.${i}.2`);
      if (i % 2 === 0) {
        known.push(await timeKnown());
        unknown.push(await timeUnknown());
      } else {
        unknown.push(await timeUnknown());
        known.push(await timeKnown());
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const ratio = median(unknown) / median(known);
    // Both pay one argon2 verification; a missing one would make the unknown side many times faster.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('answers forgot-password and resend-verification the same for known and unknown emails', async () => {
    const player = await createPlayer(t.app.ctx, { emailVerifiedAt: null });
    for (const url of ['/sendForgotPassword', '/resendEmail']) {
      const known = await post(url, { email: player.user.email });
      const unknown = await post(url, { email: 'nobody-at-all@example.test' });
      expect(known.statusCode, url).toBe(200);
      expect(unknown.statusCode, url).toBe(200);
      expect(unknown.body, url).toBe(known.body);
    }
  });
});

describe('one player cannot reach another', () => {
  it("keeps carts apart: another player's sku in my cart call touches only mine", async () => {
    const alice = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const bob = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const { skus } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '10.00', available: 20 }]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/talesrunner/cart',
      headers: alice.auth,
      payload: { items: [{ sku: skus[0], quantity: 2 }] },
    });
    expect(put.statusCode).toBe(200);
    const bobsCart = await t.app.inject({ url: '/api/xsolla/talesrunner/cart', headers: bob.auth });
    expect(bobsCart.json().items).toEqual([]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/xsolla/talesrunner/cart/item/${skus[0]}`,
      headers: bob.auth,
    });
    const alicesCart = await t.app.inject({ url: '/api/xsolla/talesrunner/cart', headers: alice.auth });
    expect(alicesCart.json().items).toHaveLength(1);
  });

  it("does not tell a player the state of another player's order", async () => {
    const alice = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const bob = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const { skus } = await makeCatalog(t.app.ctx, 'yggdra', [{ price: '10.00', available: 20 }]);
    const checkout = await fillCartAndCheckout(t.app, alice.auth, 'yggdra', skus[0]!);
    const { txnid } = checkout.json() as { txnid: string };
    const own = await t.app.inject({ url: `/api/xsolla/confirmation?txnid=${txnid}`, headers: alice.auth });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/xsolla/confirmation?txnid=${txnid}`, headers: bob.auth });
    expect(other.statusCode).toBe(404);
    const viaBody = await post('/api/shop/yggdra/payconfirmation', { txnid, user: alice.user.id }, bob.auth);
    expect(viaBody.statusCode).toBe(404);
    expect(viaBody.body).not.toContain(txnid);
  });

  it("cannot read or take over another player's profile", async () => {
    const alice = await createPlayer(t.app.ctx, { name: 'Alice Private' });
    const bob = await createPlayer(t.app.ctx);
    const profile = await t.app.inject({ url: '/api/profile', headers: bob.auth });
    expect(profile.body).not.toContain('Alice Private');
    // The social lookup needs the single-use exchange token, never a session token.
    const lookup = await t.app.inject({ url: `/api/get-user/${alice.user.id}`, headers: bob.auth });
    expect(lookup.statusCode).toBe(401);
    const update = await post(
      '/profile/update',
      { ...profile.json().user, id: alice.user.id, uuid: alice.user.id, email: alice.user.email },
      bob.auth,
    );
    expect(update.statusCode).toBe(422);
    const after = await t.app.inject({ url: '/api/profile', headers: alice.auth });
    expect(after.json().user).toMatchObject({ name: 'Alice Private', email: alice.user.email });
  });
});
