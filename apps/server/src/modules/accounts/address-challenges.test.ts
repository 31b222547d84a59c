import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, registration } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { solvedAltcha } from '../../../test/proof-of-work';

/**
 * Registration and the forgot-password and resend forms after a per-address threshold (decision 0039):
 * CHALLENGE_AFTER_REQUESTS requests from one address in a row pass; each further one needs a solved
 * challenge. The per-minute rate limits are raised here so only the challenge speaks.
 */
let t: TestApp;
const AFTER = 3;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000', CHALLENGE_AFTER_REQUESTS: String(AFTER) } });
});
afterAll(() => t.close());

let next = 1;
const freshAddress = () => `192.0.2.${next++}`;
const send = (url: string, payload: Record<string, unknown>, address: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: address });

describe('POST /register past the per-address threshold', () => {
  it('registers freely up to the threshold, then asks each registration for a solved challenge', async () => {
    const address = freshAddress();
    for (let i = 0; i < AFTER; i += 1)
      expect((await send('/register', registration(), address)).statusCode).toBe(201);
    const body = registration();
    const asked = await send('/register', body, address);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({
      message: 'Please wait while your browser is checked, then try again.',
      code: 'CHALLENGE_REQUIRED',
      challenge: { parameters: { data: { purpose: 'register' } } },
    });
    expect(await allMail(t.app, String(body.email))).toEqual([]);
    const solved = await send(
      '/register',
      { ...body, altcha: await solvedAltcha(asked.json().challenge) },
      address,
    );
    expect(solved.statusCode).toBe(201);
    // The next one is asked again: one challenge, one registration.
    expect((await send('/register', registration(), address)).json().code).toBe('CHALLENGE_REQUIRED');
    // Another address is not affected.
    expect((await send('/register', registration(), freshAddress())).statusCode).toBe(201);
  }, 60_000);

  it('still validates the body first (422, not counted) and refuses a wrong or malformed altcha', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) {
      const invalid = await send('/register', { ...registration(), email: 'not-an-email' }, address);
      expect(invalid.statusCode).toBe(422);
    }
    expect((await send('/register', { ...registration(), altcha: 42 }, address)).statusCode).toBe(422);
    for (let i = 0; i < AFTER; i += 1)
      expect((await send('/register', registration(), address)).statusCode).toBe(201);
    for (const altcha of ['', 'garbage', Buffer.from('{}').toString('base64')])
      expect((await send('/register', { ...registration(), altcha }, address)).json().code).toBe(
        'CHALLENGE_REQUIRED',
      );
  }, 60_000);

  it('forgets an address after a quiet hour', async () => {
    const address = freshAddress();
    for (let i = 0; i < AFTER; i += 1) await send('/register', registration(), address);
    expect((await send('/register', registration(), address)).statusCode).toBe(429);
    t.clock.advance(61 * 60_000);
    expect((await send('/register', registration(), address)).statusCode).toBe(201);
  }, 60_000);
});

describe('POST /sendForgotPassword and /resendEmail past the per-address threshold', () => {
  it('share one count per address, ask for a challenge past it, and do not take a registration’s challenge', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const address = freshAddress();
    const forgot = (extra: Record<string, unknown> = {}) =>
      send('/sendForgotPassword', { email: user.email, ...extra }, address);
    const resend = (extra: Record<string, unknown> = {}) =>
      send('/resendEmail', { email: user.email, ...extra }, address);
    expect((await forgot()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    const asked = await resend();
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', error: expect.any(String) });
    // A registration's challenge is for registrations only.
    const registerAddress = freshAddress();
    for (let i = 0; i < AFTER; i += 1) await send('/register', registration(), registerAddress);
    const registerChallenge = (await send('/register', registration(), registerAddress)).json().challenge;
    expect((await forgot({ altcha: await solvedAltcha(registerChallenge) })).json().code).toBe(
      'CHALLENGE_REQUIRED',
    );
    const solved = await forgot({ altcha: await solvedAltcha(asked.json().challenge) });
    expect(solved.statusCode).toBe(200);
    expect(solved.json().message).toEqual(expect.any(String));
  }, 60_000);
});

describe('the per-minute limit beside the challenge', () => {
  it('never answers a solved challenge with "Too many attempts": it counts solved repeats apart', async () => {
    // The real per-minute limit of registrations (5), and a challenge from the third registration on.
    const limited = await buildTestApp({ env: { CHALLENGE_AFTER_REQUESTS: '2' } });
    try {
      const address = '198.51.100.77';
      const register = (payload: Record<string, unknown>) =>
        limited.app.inject({ method: 'POST', url: '/register', payload, remoteAddress: address });
      for (let i = 0; i < 2; i += 1) expect((await register(registration())).statusCode).toBe(201);
      // Three registrations that each pay: the try asks for a challenge, its solved repeat registers. The
      // fourth try is the minute's fifth; its repeat would have been the eighth request.
      for (let i = 0; i < 3; i += 1) {
        const body = registration();
        const asked = await register(body);
        expect(asked.json().code).toBe('CHALLENGE_REQUIRED');
        const solved = await register({ ...body, altcha: await solvedAltcha(asked.json().challenge) });
        expect(solved.statusCode).toBe(201);
      }
      // The limit still holds for the tries themselves: the sixth in the minute is refused before any work,
      // also when it carries a made-up solution (only a challenge of ours opens the count of solved repeats).
      const sixth = await register(registration());
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('TOO_MANY_REQUESTS');
      const forged = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64');
      const made = await register({ ...registration(), altcha: forged });
      expect(made.statusCode).toBe(429);
      expect(made.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  }, 60_000);
});
