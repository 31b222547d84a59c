import { SANCTION_MESSAGES, sanctionRefusalSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { call, placeSanction } from '../../../test/moderation';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { orders, userGames } from '../../db/schema/index';
import { DEVICE_TOKEN_HEADER } from '../../lib/device-cookie';
import { hashSecret } from '../../lib/hashing';
import { createServerKey } from '../events';

// What each sanction stops, at once, and nothing more (issue #37): portal sign-in, sessions, the launcher's
// password, PIN and codes, checkout and its open orders; and the end by the clock.

let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let caliberKey: string;
let yggdraSku: string;
let talesSku: string;
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-06-01T12:00:00Z') });
  caliberKey = (await createServerKey(t.app.ctx, 'caliber', 'enforcement')).key;
  yggdraSku = (await makeCatalog(t.app.ctx, 'yggdra', [{ price: '10.00', available: 1000 }])).skus[0]!;
  talesSku = (await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '10.00', available: 1000 }])).skus[0]!;
});
afterAll(() => t.close());

/** Each test's own staff member, signed in now (their proof is recent; sessions last 12 hours). */
const freshStaff = async () => {
  staff = await createAdmin(t.app.ctx, { role: 'owner' });
  return staff;
};

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
const signIn = (email: string, password: string) => post('/login', { email, password });

/** A Caliber player with a PIN whose launcher signed in with the password: its device token. */
async function caliberPlayerWithLauncher() {
  const p = await createPlayer(t.app.ctx, { games: ['caliber', 'yggdra', 'talesrunner'] });
  await t.app.ctx.db
    .update(userGames)
    .set({ pinHash: await hashSecret('4321') })
    .where(eq(userGames.userId, p.user.id));
  const first = await post('/api/login-caliber', { email: p.user.email, password: p.password });
  expect(first.json().data.redirectURL).toBeDefined();
  const code = new URL(first.json().data.redirectURL).searchParams.get('code')!;
  return { ...p, device: first.headers[DEVICE_TOKEN_HEADER] as string, code };
}
const pinLogin = (user: string, device: string) =>
  post('/api/login-pin-caliber', { user, pin: '4321' }, { [DEVICE_TOKEN_HEADER]: device });
const exchange = (code: string) =>
  call(t, { authorization: `Bearer ${caliberKey}` }, 'POST', '/api/game-login/exchange', { code });

describe('an account ban', () => {
  it('stops the session, every sign-in, the launcher (password, PIN, a code not yet exchanged) and open checkouts at once', async () => {
    const p = await caliberPlayerWithLauncher();
    const open = await fillCartAndCheckout(t.app, p.auth, 'yggdra', yggdraSku);
    expect(open.statusCode).toBe(200);
    expect((await call(t, p.auth, 'GET', '/api/user-info')).statusCode).toBe(200);

    const sanction = await placeSanction(t, (await freshStaff()).auth, p.user.id, {
      expires_at: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
    });

    // The session in hand is over.
    expect((await call(t, p.auth, 'GET', '/api/user-info')).statusCode).toBe(401);
    // The password is refused with the reason, the end, and a token for the standing page.
    const refused = await signIn(p.user.email, p.password);
    expect(refused.statusCode).toBe(403);
    const body = refused.json();
    expect(body.code).toBe('ACCOUNT_SANCTIONED');
    expect(sanctionRefusalSchema.parse(body.sanction)).toEqual({
      scope: 'account',
      game: null,
      category: 'cheating',
      note: 'Aim assistance software was detected in ranked matches.',
      expires_at: sanction.expires_at,
    });
    expect(body.message).toBe(SANCTION_MESSAGES.refused(body.sanction));
    expect(body.message).toContain(`until ${sanction.expires_at!.slice(0, 10)}`);
    expect(typeof body.standing_token).toBe('string');
    // A wrong password learns nothing of the ban.
    const wrong = await signIn(p.user.email, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().sanction).toBeUndefined();

    // The launcher: its own reply shape for the password; the PIN's trusted device ended with the sessions,
    // so the PIN sends it back to the password.
    const launcher = await post('/api/login-caliber', { email: p.user.email, password: p.password });
    const { standingToken, ...launcherRefusal } = launcher.json().data;
    expect(launcherRefusal).toEqual({ errorCode: 'ACCOUNT_SANCTIONED', errorMessage: body.message });
    // With the token of the portal's refusal, under the launcher's own name: it opens the standing page.
    const fromLauncher = { authorization: `Bearer ${standingToken}` };
    expect((await call(t, fromLauncher, 'GET', '/api/standing')).json().sanctions[0].id).toBe(sanction.id);
    expect((await call(t, fromLauncher, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await pinLogin(p.user.email, p.device)).json().data.errorCode).toBe('PIN_NOT_ON_THIS_DEVICE');
    // A code handed out before the ban opens nothing now.
    expect((await exchange(p.code)).statusCode).toBe(400);

    // The checkout that was open is canceled, its stock back.
    const [order] = await t.app.ctx.db.select().from(orders).where(eq(orders.txnid, open.json().txnid));
    expect(order).toMatchObject({ status: 'FAILED', failureReason: 'canceled', stockState: 'released' });

    // The clock ends it: no job runs, the password works again.
    t.clock.advance(5 * DAY);
    expect((await signIn(p.user.email, p.password)).statusCode).toBe(200);
  });

  it('the standing token opens the standing page and nothing else; it runs out', async () => {
    const p = await createPlayer(t.app.ctx);
    await placeSanction(t, (await freshStaff()).auth, p.user.id);
    const token = (await signIn(p.user.email, p.password)).json().standing_token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const standing = await call(t, bearer, 'GET', '/api/standing');
    expect(standing.statusCode).toBe(200);
    expect(standing.json().sanctions).toHaveLength(1);
    for (const url of ['/api/user-info', '/api/profile', '/api/orders/mine'])
      expect((await call(t, bearer, 'GET', url)).statusCode, url).toBe(401);
    t.clock.advance(31 * 60_000);
    expect((await call(t, bearer, 'GET', '/api/standing')).statusCode).toBe(401);
  });
});

describe('a game ban', () => {
  it("refuses that game's launcher and shop, and nothing else", async () => {
    const p = await caliberPlayerWithLauncher();
    await placeSanction(t, (await freshStaff()).auth, p.user.id, { scope: 'game', game: 'caliber' });
    expect(
      (await post('/api/login-caliber', { email: p.user.email, password: p.password })).json().data.errorCode,
    ).toBe('ACCOUNT_SANCTIONED');
    const pinRefusal = (await pinLogin(p.user.email, p.device)).json().data;
    expect(pinRefusal.errorCode).toBe('ACCOUNT_SANCTIONED');
    expect(
      (await call(t, { authorization: `Bearer ${pinRefusal.standingToken}` }, 'GET', '/api/standing'))
        .statusCode,
    ).toBe(200);
    expect((await exchange(p.code)).statusCode).toBe(400);
    // The portal, its session and both shops are untouched.
    expect((await call(t, p.auth, 'GET', '/api/user-info')).statusCode).toBe(200);
    expect((await signIn(p.user.email, p.password)).statusCode).toBe(200);
    expect((await fillCartAndCheckout(t.app, p.auth, 'yggdra', yggdraSku)).statusCode).toBe(200);

    const tales = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    await placeSanction(t, staff.auth, tales.user.id, { scope: 'game', game: 'talesrunner' });
    const shop = await fillCartAndCheckout(t.app, tales.auth, 'talesrunner', talesSku);
    expect(shop.statusCode).toBe(403);
    expect(shop.json()).toMatchObject({
      code: 'ACCOUNT_SANCTIONED',
      sanction: { scope: 'game', game: 'talesrunner' },
    });
    expect((await fillCartAndCheckout(t.app, tales.auth, 'yggdra', yggdraSku)).statusCode).toBe(200);
  });
});

describe('a purchase restriction', () => {
  it('refuses checkout in every shop (403 ACCOUNT_SANCTIONED) and leaves sign-in alone; lifting it opens the shops again', async () => {
    const p = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const sanction = await placeSanction(t, (await freshStaff()).auth, p.user.id, {
      scope: 'purchases',
      category: 'payment_abuse',
    });
    for (const [game, sku] of [
      ['yggdra', yggdraSku],
      ['talesrunner', talesSku],
    ] as const) {
      const res = await fillCartAndCheckout(t.app, p.auth, game, sku);
      expect(res.statusCode, game).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'ACCOUNT_SANCTIONED',
        sanction: { scope: 'purchases', category: 'payment_abuse' },
      });
      expect(res.json().message).toContain('Purchases are restricted on your account');
    }
    expect((await signIn(p.user.email, p.password)).statusCode).toBe(200);
    expect(
      (
        await call(t, staff.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, {
          reason: 'Chargeback resolved.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await fillCartAndCheckout(t.app, p.auth, 'yggdra', yggdraSku)).statusCode).toBe(200);
  });

  it('a chat restriction changes nothing in the portal (the game enforces it)', async () => {
    const p = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    await placeSanction(t, (await freshStaff()).auth, p.user.id, {
      scope: 'chat',
      game: 'yggdra',
      category: 'verbal_abuse',
    });
    expect((await signIn(p.user.email, p.password)).statusCode).toBe(200);
    expect((await fillCartAndCheckout(t.app, p.auth, 'yggdra', yggdraSku)).statusCode).toBe(200);
  });
});
