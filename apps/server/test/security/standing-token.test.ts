import { SANCTION_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanctions } from '../../src/db/schema/index';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../app';
import { alteredFirstCharacter, createPlayer } from '../fixtures';

/**
 * The standing token under NODE_ENV=production (issue #37, decision 0064): the token a refused sign-in hands a
 * banned player reads the standing page and sends the appeal, and opens nothing else; changed or run out
 * (30 minutes), it opens nothing at all.
 */
let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  // An https address, without which production keeps its OpenID Provider off (503).
  t = await buildTestApp({ env: { ...PRODUCTION_ENV, PUBLIC_URL: 'https://portal.test' } });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });
const get = (auth: Auth, url: string) => t.app.inject({ method: 'GET', url, headers: auth });
const appeal = (auth: Auth, sanctionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/standing/sanctions/${sanctionId}/appeal`,
    headers: auth,
    payload: { message: 'It was my brother on my account.' },
  });

/** A player under an account ban, and the standing token their refused sign-in handed them. */
async function bannedPlayer() {
  const p = await createPlayer(t.app.ctx);
  const now = t.clock.now();
  const [sanction] = await t.app.ctx.db
    .insert(sanctions)
    .values({
      userId: p.user.id,
      scope: 'account',
      category: 'cheating',
      note: 'Aim assistance software was detected in ranked matches.',
      startsAt: now,
      expiresAt: new Date(now.getTime() + 7 * 24 * 60 * MINUTE),
      createdAt: now,
    })
    .returning();
  const refused = await t.app.inject({
    method: 'POST',
    url: '/login',
    payload: { email: p.user.email, password: p.password },
  });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().code).toBe('ACCOUNT_SANCTIONED');
  return { player: p, sanctionId: sanction!.id, token: refused.json().standing_token as string };
}

describe('the standing token (NODE_ENV=production)', () => {
  it('is a production app', () => {
    expect(t.app.ctx.config.NODE_ENV).toBe('production');
  });

  it('reads the standing page and sends the appeal, and opens nothing else', async () => {
    const { sanctionId, token } = await bannedPlayer();
    const standing = await get(bearer(token), '/api/standing');
    expect(standing.statusCode).toBe(200);
    expect(standing.json().sanctions.map((s: { id: string }) => s.id)).toEqual([sanctionId]);
    const sent = await appeal(bearer(token), sanctionId);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().appeal).toMatchObject({ status: 'open', message: 'It was my brother on my account.' });

    for (const url of [
      '/api/profile',
      '/api/user-info',
      '/api/orders/mine',
      '/api/oidc/grants',
      '/api/admin/sanctions',
      '/api/admin/appeals',
    ])
      expect((await get(bearer(token), url)).statusCode, url).toBe(401);
    // The OpenID Provider's userinfo does not take it as an access token.
    expect((await get(bearer(token), '/oidc/me')).statusCode).toBe(401);
  });

  it('is refused when changed, and once 30 minutes have passed', async () => {
    const { sanctionId, token } = await bannedPlayer();
    const other = await bannedPlayer();
    const [body, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    // Another player's id under this token's signature, and this token with its signature changed.
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sub: other.player.user.id })).toString('base64url')}.${mac}`;
    const resigned = `${body}.${alteredFirstCharacter(mac)}`;
    for (const changed of [forged, resigned]) {
      for (const reply of [
        await get(bearer(changed), '/api/standing'),
        await appeal(bearer(changed), other.sanctionId),
      ]) {
        expect(reply.statusCode).toBe(401);
        expect(reply.json().message).toBe(SANCTION_MESSAGES.standingUnauthenticated);
      }
    }

    t.clock.advance(29 * MINUTE);
    expect((await get(bearer(token), '/api/standing')).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await get(bearer(token), '/api/standing')).statusCode).toBe(401);
    expect((await appeal(bearer(token), sanctionId)).statusCode).toBe(401);
  });
});
