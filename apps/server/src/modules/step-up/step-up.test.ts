import { MFA_MESSAGES, STEP_UP_MESSAGES, STEP_UP_MINUTES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_ENVIRONMENTS, buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { type Audience, codeNow, nextStep, postJson, turnOnTotp } from '../../../test/mfa';
import { SoftPasskey } from '../../../test/passkeys';
import { stepUp } from '../../../test/step-up';
import { accessTokens, emailOutbox, securityEvents, userGames } from '../../db/schema/index';
import { verifySecret } from '../../lib/hashing';
import { issueSession } from '../../lib/sessions';

type Auth = { authorization: string };

let t: TestApp;
/**
 * Every case in development and with NODE_ENV=production (issue #34). Only a step-up counts here: a fresh
 * session's own sign-in is not a recent proof (endpoint-proofs.test.ts tests the sign-in window). Staff
 * two-step is left optional, as an operator may set it, so staff without it step up as players do; the
 * production default, required, has its own case below.
 */
const ENVIRONMENTS = BOTH_ENVIRONMENTS.map(({ name, env }) => ({
  name,
  env: { ...env, RECENT_SIGN_IN_SECONDS: '0' },
}));

const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** The step-up refusal, exactly as the web's API client branches on it. */
const STEP_UP_REFUSAL = { message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' };

const accounts = {
  '/api': async () => {
    const { user, auth } = await createPlayer(t.app.ctx);
    return { id: user.id, email: user.email, auth, owner: { userId: user.id } };
  },
  '/api/admin': async () => {
    const { admin, auth } = await createAdmin(t.app.ctx);
    return { id: admin.id, email: admin.email, auth, owner: { adminId: admin.id } };
  },
} satisfies Record<Audience, unknown>;

const audiences = (['/api', '/api/admin'] as const).map((audience) => ({
  audience,
  account: accounts[audience],
}));

/** Adds a passkey through the API (the session must have stepped up); the authenticator holding it. */
async function addPasskey(audience: Audience, auth: Auth, name = 'Key') {
  const options = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
    .options;
  const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
  const res = await postJson(
    t,
    `${audience}/passkeys/register/verify`,
    { name, response: key.register(options) },
    auth,
  );
  expect(res.statusCode).toBe(200);
  return key;
}

/** A passkey assertion for the step-up: a sign-in challenge of the audience, answered by `key`. */
async function passkeyProof(audience: Audience, key: SoftPasskey) {
  const { challenge_id, options } = (
    await postJson(t, `${audience}/passkeys/login/options`, undefined)
  ).json();
  return { passkey: { challenge_id, response: key.authenticate(options) } };
}

async function eventKinds(owner: { userId: string } | { adminId: string }) {
  const where =
    'userId' in owner ? eq(securityEvents.userId, owner.userId) : eq(securityEvents.adminId, owner.adminId);
  return (await t.app.ctx.db.select().from(securityEvents).where(where)).map((e) => e.kind);
}

describe.each(ENVIRONMENTS)('in $name', ({ env }) => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_MFA: 'optional', ...env } });
  });
  afterAll(() => t.close());

  describe.each(audiences)('POST $audience/step-up', ({ audience, account }) => {
    const url = `${audience}/step-up`;

    it('answers 401 without a session and for a token of the other audience', async () => {
      expect((await postJson(t, url, { password: FIXTURE_PASSWORD })).statusCode).toBe(401);
      const other = audience === '/api' ? await createAdmin(t.app.ctx) : await createPlayer(t.app.ctx);
      expect([401, 403]).toContain(
        (await postJson(t, url, { password: FIXTURE_PASSWORD }, other.auth)).statusCode,
      );
    });

    it('with the password, opens 10 minutes of changes for this session only', async () => {
      const { id, auth, owner } = await account();
      const before = await postJson(t, `${audience}/passkeys/register/options`, undefined, auth);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual(STEP_UP_REFUSAL);

      const res = await postJson(t, url, { password: FIXTURE_PASSWORD }, auth);
      expect(res.statusCode).toBe(200);
      const until = new Date(t.clock.now().getTime() + STEP_UP_MINUTES * 60_000).toISOString();
      expect(res.json()).toEqual({ until });
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        200,
      );
      expect(await eventKinds(owner)).toContain('step_up');

      // Another session of the same account has no proof.
      const kind = audience === '/api' ? 'player' : 'admin';
      const second = bearer(await issueSession(t.app.ctx, kind, id));
      const other = await postJson(t, `${audience}/passkeys/register/options`, undefined, second);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual(STEP_UP_REFUSAL);

      // The proof runs out after 10 minutes.
      t.clock.advance(STEP_UP_MINUTES * 60_000);
      const late = await postJson(t, `${audience}/passkeys/register/options`, undefined, auth);
      expect(late.statusCode).toBe(403);
      expect(late.json().code).toBe('STEP_UP_REQUIRED');
    });

    it('refuses a missing or wrong password (422, recorded) and bad input (422), granting nothing', async () => {
      const { auth, owner } = await account();
      const missing = await postJson(t, url, {}, auth);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ password: [STEP_UP_MESSAGES.passwordRequired] });
      const wrong = await postJson(t, url, { password: 'Not-The-Password-1' }, auth);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ password: [STEP_UP_MESSAGES.wrongPassword] });
      expect(await eventKinds(owner)).toContain('step_up_failed');
      for (const body of [
        { password: 42 },
        { password: 'x'.repeat(1025) },
        { password: FIXTURE_PASSWORD, code: 'abc' },
        { passkey: { challenge_id: 'nope' } },
      ]) {
        const res = await postJson(t, url, body, auth);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
      const column = 'userId' in owner ? accessTokens.userId : accessTokens.adminId;
      const id = 'userId' in owner ? owner.userId : owner.adminId;
      const sessions = await t.app.ctx.db.select().from(accessTokens).where(eq(column, id));
      expect(sessions.map((s) => s.stepUpUntil)).toEqual([null]);
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        403,
      );
    });

    it('locks the password after five wrong ones from this client (429), even with the right one', async () => {
      const { auth } = await account();
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { password: `Wrong-Password-${i}` },
          headers: auth,
          remoteAddress: '10.66.1.1',
        });
        expect(res.statusCode).toBe(422);
      }
      const locked = await t.app.inject({
        method: 'POST',
        url,
        payload: { password: FIXTURE_PASSWORD },
        headers: auth,
        remoteAddress: '10.66.1.1',
      });
      expect(locked.statusCode).toBe(429);
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        403,
      );
    });

    it('with two-step on, needs the code too: missing or wrong (422), replayed (422), right (200)', async () => {
      const { auth } = await account();
      const { secret, recoveryCodes } = await turnOnTotp(t, auth, audience);
      const noCode = await postJson(t, url, { password: FIXTURE_PASSWORD }, auth);
      expect(noCode.statusCode).toBe(422);
      expect(noCode.json().errors).toEqual({ code: [MFA_MESSAGES.codeRequired] });
      const code = codeNow(t, secret);
      expect(
        (await postJson(t, url, { password: FIXTURE_PASSWORD, code: wrongFor(code) }, auth)).statusCode,
      ).toBe(422);
      // A right code with a wrong password does not pass either.
      expect((await postJson(t, url, { password: 'Wrong-Password-9', code }, auth)).statusCode).toBe(422);
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        403,
      );
      expect((await postJson(t, url, { password: FIXTURE_PASSWORD, code }, auth)).statusCode).toBe(200);
      // The same code again is a replay.
      expect((await postJson(t, url, { password: FIXTURE_PASSWORD, code }, auth)).statusCode).toBe(422);
      // A recovery code works once.
      expect(
        (await postJson(t, url, { password: FIXTURE_PASSWORD, code: recoveryCodes[0] }, auth)).statusCode,
      ).toBe(200);
      expect(
        (await postJson(t, url, { password: FIXTURE_PASSWORD, code: recoveryCodes[0] }, auth)).statusCode,
      ).toBe(422);
      nextStep(t);
    });

    it('takes a passkey of this account in place of password and code; refuses another account’s (422) or a failing one (401)', async () => {
      const { auth } = await account();
      await stepUp(t, auth, audience);
      const key = await addPasskey(audience, auth);
      await turnOnTotp(t, auth, audience);
      t.clock.advance(STEP_UP_MINUTES * 60_000);
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        403,
      );

      const other = await account();
      await stepUp(t, other.auth, audience);
      const otherKey = await addPasskey(audience, other.auth);
      const foreign = await postJson(t, url, await passkeyProof(audience, otherKey), auth);
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual({ passkey: [STEP_UP_MESSAGES.otherPasskey] });

      const proof = await passkeyProof(audience, key);
      expect((await postJson(t, url, proof, auth)).statusCode).toBe(200);
      // The same assertion again: its challenge is used up.
      expect((await postJson(t, url, proof, auth)).statusCode).toBe(401);
      expect((await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).statusCode).toBe(
        200,
      );
    });
  });

  describe('step-up of a player without a password (social sign-in only)', () => {
    it('is refused with nothing to prove it with (409), and takes the code alone once two-step is on', async () => {
      const { auth } = await createPlayer(t.app.ctx, { passwordHash: null });
      const none = await postJson(t, '/api/step-up', {}, auth);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(STEP_UP_MESSAGES.noFactor);
      const { secret } = await turnOnTotp(t, auth);
      expect((await postJson(t, '/api/step-up', {}, auth)).statusCode).toBe(422);
      expect((await postJson(t, '/api/step-up', { code: codeNow(t, secret) }, auth)).statusCode).toBe(200);
      nextStep(t);
    });
  });

  /**
   * Every action that outlives the session (issue #24), walked for players and admins: 403 STEP_UP_REQUIRED
   * without a fresh proof, changing nothing; done with one.
   */
  describe.each(audiences)('the step-up walk ($audience)', ({ audience, account }) => {
    const actions: {
      name: string;
      run: (auth: Auth, setup: { secret: string }) => Promise<{ statusCode: number; json(): unknown }>;
    }[] = [
      {
        name: 'POST …/passkeys/register/options',
        run: (auth) => postJson(t, `${audience}/passkeys/register/options`, undefined, auth),
      },
      {
        name: 'POST …/passkeys/register/verify',
        run: async (auth) => {
          // Options taken during an earlier proof do not help once it has run out.
          const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
          const fake = { challenge: 'AAAA', user: { id: 'AAAA' } };
          return postJson(
            t,
            `${audience}/passkeys/register/verify`,
            { name: 'Walk', response: key.register(fake) },
            auth,
          );
        },
      },
      {
        name: 'POST …/mfa/recovery-codes',
        run: (auth) => postJson(t, `${audience}/mfa/recovery-codes`, undefined, auth),
      },
    ];

    it.each(actions)('$name: 403 STEP_UP_REQUIRED without a proof', async ({ run }) => {
      const { auth } = await account();
      const { secret } = await turnOnTotp(t, auth, audience);
      const res = await run(auth, { secret });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(STEP_UP_REFUSAL);
    });

    it('adds a passkey and makes new recovery codes after a proof (password and code)', async () => {
      const { email, auth } = await account();
      const { secret, recoveryCodes } = await turnOnTotp(t, auth, audience);
      await stepUp(t, auth, audience, { password: FIXTURE_PASSWORD, code: codeNow(t, secret) });
      await addPasskey(audience, auth);
      const renewed = await postJson(t, `${audience}/mfa/recovery-codes`, undefined, auth);
      expect(renewed.statusCode).toBe(200);
      const codes = renewed.json().recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(codes).not.toContain(recoveryCodes[0]);
      const mail = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(mail.map((m) => m.subject)).toContain('New recovery codes');
      // The old codes stop working, the new ones work.
      nextStep(t);
      expect(
        (
          await postJson(
            t,
            `${audience}/step-up`,
            { password: FIXTURE_PASSWORD, code: recoveryCodes[1] },
            auth,
          )
        ).statusCode,
      ).toBe(422);
      expect(
        (await postJson(t, `${audience}/step-up`, { password: FIXTURE_PASSWORD, code: codes[0] }, auth))
          .statusCode,
      ).toBe(200);
    });

    it('new recovery codes need two-step on (409)', async () => {
      const { auth } = await account();
      await stepUp(t, auth, audience);
      expect((await postJson(t, `${audience}/mfa/recovery-codes`, undefined, auth)).statusCode).toBe(409);
    });

    it('turning two-step off carries its own proof: no step-up needed, the password and code still are', async () => {
      const { auth } = await account();
      const { secret } = await turnOnTotp(t, auth, audience);
      expect(
        (await postJson(t, `${audience}/mfa/totp/disable`, { password: FIXTURE_PASSWORD }, auth)).statusCode,
      ).toBe(422);
      const off = await postJson(
        t,
        `${audience}/mfa/totp/disable`,
        { password: FIXTURE_PASSWORD, code: codeNow(t, secret) },
        auth,
      );
      expect(off.statusCode).toBe(200);
      nextStep(t);
    });
  });

  describe('the step-up walk (player-only actions)', () => {
    const caliber = async (userId: string) =>
      (
        await t.app.ctx.db
          .select()
          .from(userGames)
          .where(and(eq(userGames.userId, userId), eq(userGames.game, 'caliber')))
      )[0];

    async function profileOf(auth: Auth) {
      return (await t.app.inject({ url: '/api/profile', headers: auth })).json().user;
    }

    it('POST /profile/update: a new PIN needs a proof (403, nothing saved); other changes do not', async () => {
      const { user, auth } = await createPlayer(t.app.ctx);
      const profile = await profileOf(auth);
      const refused = await postJson(
        t,
        '/profile/update',
        { ...profile, name: 'Changed', pin: '4321' },
        auth,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(STEP_UP_REFUSAL);
      expect((await caliber(user.id))!.pinHash).toBeNull();
      expect((await profileOf(auth)).name).toBe(profile.name);
      // The masked PIN the profile shows, or no PIN, keeps it: no proof needed.
      expect(
        (await postJson(t, '/profile/update', { ...profile, name: 'Changed', pin: '****' }, auth)).statusCode,
      ).toBe(200);

      await stepUp(t, auth);
      const done = await postJson(t, '/profile/update', { ...profile, pin: '4321' }, auth);
      expect(done.statusCode).toBe(200);
      expect(await verifySecret((await caliber(user.id))!.pinHash!, '4321')).toBe(true);
    });

    it('POST /profile/register-game (Caliber): a proof, with or without two-step; the form’s password as well', async () => {
      const plain = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
      const body = {
        game: 'caliber',
        nickname: `n${plain.user.id.slice(0, 8)}`,
        pin: '2468',
        password: FIXTURE_PASSWORD,
      };
      const unproved = await postJson(t, '/profile/register-game', body, plain.auth);
      expect(unproved.json()).toMatchObject(STEP_UP_REFUSAL);
      expect(await caliber(plain.user.id)).toBeUndefined();
      await stepUp(t, plain.auth);
      const wrongPassword = { ...body, password: 'Not-The-Password-1' };
      expect((await postJson(t, '/profile/register-game', wrongPassword, plain.auth)).statusCode).toBe(422);
      expect((await postJson(t, '/profile/register-game', body, plain.auth)).statusCode).toBe(200);
      // Tales Runner sets nothing that outlives the session: no proof asked.
      const other = await createPlayer(t.app.ctx, { games: [] });
      expect(
        (await postJson(t, '/profile/register-game', { game: 'talesrunner' }, other.auth)).statusCode,
      ).toBe(200);

      const twoStep = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
      const { secret } = await turnOnTotp(t, twoStep.auth);
      const body2 = { ...body, nickname: `n${twoStep.user.id.slice(0, 8)}` };
      const refused = await postJson(t, '/profile/register-game', body2, twoStep.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(STEP_UP_REFUSAL);
      expect(await caliber(twoStep.user.id)).toBeUndefined();
      await stepUp(t, twoStep.auth, '/api', { password: FIXTURE_PASSWORD, code: codeNow(t, secret) });
      expect((await postJson(t, '/profile/register-game', body2, twoStep.auth)).statusCode).toBe(200);
      expect(await verifySecret((await caliber(twoStep.user.id))!.pinHash!, '2468')).toBe(true);
      nextStep(t);
    });

    it('POST /api/account/delete: the password alone without two-step; with it, the code too (422 without)', async () => {
      const { auth } = await createPlayer(t.app.ctx);
      const { secret } = await turnOnTotp(t, auth);
      const noCode = await postJson(t, '/api/account/delete', { password: FIXTURE_PASSWORD }, auth);
      expect(noCode.statusCode).toBe(422);
      expect(noCode.json().errors).toEqual({ code: [MFA_MESSAGES.codeRequired] });
      const wrong = await postJson(
        t,
        '/api/account/delete',
        { password: FIXTURE_PASSWORD, code: wrongFor(codeNow(t, secret)) },
        auth,
      );
      expect(wrong.statusCode).toBe(422);
      expect((await t.app.inject({ url: '/api/profile', headers: auth })).statusCode).toBe(200);
      const done = await postJson(
        t,
        '/api/account/delete',
        { password: FIXTURE_PASSWORD, code: codeNow(t, secret) },
        auth,
      );
      expect(done.statusCode).toBe(202);
      nextStep(t);

      const plain = await createPlayer(t.app.ctx);
      expect(
        (await postJson(t, '/api/account/delete', { password: FIXTURE_PASSWORD }, plain.auth)).statusCode,
      ).toBe(202);
    });
  });

  describe('step-up for staff under ADMIN_MFA=required', () => {
    let required: TestApp;
    beforeAll(async () => {
      required = await buildTestApp({ env: { ...env, ADMIN_MFA: 'required' } });
    });
    afterAll(() => required.close());

    it('a staff member with two-step on needs password and code before adding a passkey', async () => {
      const { auth } = await createAdmin(required.app.ctx);
      const { secret } = await turnOnTotp(required, auth, '/api/admin');
      const refused = await postJson(required, '/api/admin/passkeys/register/options', undefined, auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(STEP_UP_REFUSAL);
      expect(
        (await postJson(required, '/api/admin/step-up', { password: FIXTURE_PASSWORD }, auth)).statusCode,
      ).toBe(422);
      const res = await postJson(
        required,
        '/api/admin/step-up',
        { password: FIXTURE_PASSWORD, code: codeNow(required, secret) },
        auth,
      );
      expect(res.statusCode).toBe(200);
      expect(
        (await postJson(required, '/api/admin/passkeys/register/options', undefined, auth)).statusCode,
      ).toBe(200);
    });
  });

  /** Passkeys outlive a password reset and "sign out everywhere": the ones added lately are named (issue #24). */
  describe('passkeys added in the last 7 days, after a reset and "sign out everywhere"', () => {
    it.each(audiences)(
      '"sign out everywhere" ($audience) names them, without older or removed ones',
      async ({ audience, account }) => {
        const { id, auth: first } = await account();
        await stepUp(t, first, audience);
        await addPasskey(audience, first, 'Old key');
        t.clock.advance(8 * 24 * 3_600_000);
        // A staff session lasts 12 hours: a new sign-in, days later.
        const kind = audience === '/api' ? 'player' : 'admin';
        const auth = bearer(await issueSession(t.app.ctx, kind, id));
        await stepUp(t, auth, audience);
        await addPasskey(audience, auth, 'New key');
        await addPasskey(audience, auth, 'Gone key');
        const passkeys = (await t.app.inject({ url: `${audience}/passkeys`, headers: auth })).json()
          .passkeys as {
          id: string;
          name: string;
        }[];
        const gone = passkeys.find((p) => p.name === 'Gone key')!;
        expect(
          (await t.app.inject({ method: 'DELETE', url: `${audience}/passkeys/${gone.id}`, headers: auth }))
            .statusCode,
        ).toBe(200);

        const res = await postJson(t, `${audience}/sessions/revoke-others`, undefined, auth);
        expect(res.statusCode).toBe(200);
        expect(res.json().recent_passkeys).toEqual([
          { name: 'New key', added_at: t.clock.now().toISOString() },
        ]);
      },
    );
  });
});
