import { PASSKEY_MESSAGES } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { type Audience, codeNow, postJson, turnOnTotp } from '../../../test/mfa';
import { SoftPasskey } from '../../../test/passkeys';
import { stepUp } from '../../../test/step-up';
import { admins, emailOutbox, passkeyCredentials, securityEvents, users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };

const mailSubjectsTo = async (to: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(desc(emailOutbox.createdAt))
  ).map((m) => m.subject);

async function events(owner: { userId: string } | { adminId: string }) {
  const where =
    'userId' in owner ? eq(securityEvents.userId, owner.userId) : eq(securityEvents.adminId, owner.adminId);
  return t.app.ctx.db.select().from(securityEvents).where(where);
}

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, payload });

/** Adds a passkey through the API after a step-up; the authenticator holding it and the stored passkey. */
async function addPasskey(
  audience: Audience,
  auth: Auth,
  name = 'My laptop',
  proof: Record<string, unknown> = { password: FIXTURE_PASSWORD },
) {
  await stepUp(t, auth, audience, proof);
  const options = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
    .options;
  const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
  const res = await postJson(
    t,
    `${audience}/passkeys/register/verify`,
    { name, response: key.register(options) },
    auth,
  );
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return { key, passkey: res.json().passkey as { id: string; name: string } };
}

/** Signs in with `key` through the API; the reply. */
async function signInWith(
  audience: Audience,
  key: SoftPasskey,
  tweak: Parameters<SoftPasskey['authenticate']>[1] = {},
) {
  const { challenge_id, options } = (
    await postJson(t, `${audience}/passkeys/login/options`, undefined)
  ).json();
  return postJson(t, `${audience}/passkeys/login/verify`, {
    challenge_id,
    response: key.authenticate(options, tweak),
  });
}

const audiences = [
  {
    audience: '/api' as const,
    account: async (overrides: Partial<typeof users.$inferInsert> = {}) => {
      const { user, auth } = await createPlayer(t.app.ctx, overrides);
      await stepUp(t, auth, '/api');
      return { id: user.id, email: user.email, auth, owner: { userId: user.id } };
    },
    signedInAs: (body: { user?: { email: string } }) => body.user?.email,
    session: (body: { token: string }) => ({
      url: '/api/profile',
      auth: { authorization: `Bearer ${body.token}` },
    }),
  },
  {
    audience: '/api/admin' as const,
    account: async () => {
      const { admin, auth } = await createAdmin(t.app.ctx);
      await stepUp(t, auth, '/api/admin');
      return { id: admin.id, email: admin.email, auth, owner: { adminId: admin.id } };
    },
    signedInAs: (body: { admin?: { email: string } }) => body.admin?.email,
    session: (body: { token: string }) => ({
      url: '/api/admin/me',
      auth: { authorization: `Bearer ${body.token}` },
    }),
  },
];

describe.each(audiences)('$audience/passkeys', ({ audience, account, signedInAs, session }) => {
  it('answers 401 on the account routes without a session', async () => {
    expect((await call('GET', `${audience}/passkeys`)).statusCode).toBe(401);
    expect((await postJson(t, `${audience}/passkeys/register/options`, undefined)).statusCode).toBe(401);
    expect((await postJson(t, `${audience}/passkeys/register/verify`, {})).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call('PATCH', `${audience}/passkeys/${id}`, undefined, { name: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', `${audience}/passkeys/${id}`)).statusCode).toBe(401);
  });

  it('adds a passkey with a name, lists it, tells the account by email and records it', async () => {
    const { email, auth, owner } = await account();
    expect((await call('GET', `${audience}/passkeys`, auth)).json()).toEqual({ passkeys: [] });
    const optionsRes = await postJson(t, `${audience}/passkeys/register/options`, undefined, auth);
    expect(optionsRes.statusCode).toBe(200);
    const { options } = optionsRes.json();
    expect(options.rp.id).toBe(new URL(t.app.ctx.config.PUBLIC_URL).hostname);
    expect(options.user.name).toBe(email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
    const res = await postJson(
      t,
      `${audience}/passkeys/register/verify`,
      { name: '  Work phone ', response: key.register(options) },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PASSKEY_MESSAGES.added,
      passkey: { name: 'Work phone', last_used_at: null },
    });
    const list = (await call('GET', `${audience}/passkeys`, auth)).json().passkeys;
    expect(list).toEqual([res.json().passkey]);
    expect(await mailSubjectsTo(email)).toContain('A passkey was added to your account');
    expect((await events(owner)).map((e) => [e.kind, e.detail])).toContainEqual([
      'passkey_added',
      'Work phone',
    ]);
    // A second registration excludes the passkey already added.
    const again = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
      .options;
    expect(again.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses a registration answering another challenge, a replayed one, no user verification or another origin (422)', async () => {
    const { auth } = await account();
    const options = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
      .options;
    const register = (response: object) =>
      postJson(t, `${audience}/passkeys/register/verify`, { name: 'Key', response }, auth);
    const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
    const wrong = await register(key.register(options, { challenge: 'bm90LWEtY2hhbGxlbmdl' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ response: [PASSKEY_MESSAGES.notVerified] });
    // Every failure uses the challenge up.
    const fresh = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
      .options;
    expect((await register(key.register(fresh, { userVerified: false }))).statusCode).toBe(422);
    expect((await register(key.register(fresh))).statusCode).toBe(422);
    const third = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
      .options;
    expect((await register(key.register(third, { origin: 'https://evil.test' }))).statusCode).toBe(422);
    // Another account's challenge does not register on this one.
    const other = await account();
    const theirs = (await postJson(t, `${audience}/passkeys/register/options`, undefined, other.auth)).json()
      .options;
    expect((await register(key.register(theirs))).statusCode).toBe(422);
    expect((await call('GET', `${audience}/passkeys`, auth)).json().passkeys).toEqual([]);
  });

  it('refuses bad input (422) and a passkey already added (409)', async () => {
    const { auth } = await account();
    for (const body of [
      {},
      { name: '', response: { id: 'x', type: 'public-key' } },
      { name: 'x'.repeat(61), response: { id: 'x', type: 'public-key' } },
      { name: 'Key', response: 'nope' },
    ]) {
      const res = await postJson(t, `${audience}/passkeys/register/verify`, body, auth);
      expect(res.statusCode).toBe(422);
    }
    const { key } = await addPasskey(audience, auth);
    const options = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
      .options;
    const again = await postJson(
      t,
      `${audience}/passkeys/register/verify`,
      { name: 'Again', response: key.register(options) },
      auth,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.alreadyAdded);
  });

  it('renames and removes its own passkeys only (404 for others, unknown or malformed ids)', async () => {
    const { email, auth, owner } = await account();
    const { passkey } = await addPasskey(audience, auth);
    const other = await account();
    const url = `${audience}/passkeys/${passkey.id}`;
    expect((await call('PATCH', url, other.auth, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', url, other.auth)).statusCode).toBe(404);
    expect((await call('PATCH', url, auth, { name: '' })).statusCode).toBe(422);
    const renamed = await call('PATCH', url, auth, { name: 'Old laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: PASSKEY_MESSAGES.renamed,
      passkey: { name: 'Old laptop' },
    });
    const removed = await call('DELETE', url, auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: PASSKEY_MESSAGES.removed });
    expect((await call('DELETE', url, auth)).statusCode).toBe(404);
    expect((await call('DELETE', `${audience}/passkeys/not-a-uuid`, auth)).statusCode).not.toBe(500);
    expect(await mailSubjectsTo(email)).toContain('A passkey was removed from your account');
    expect((await events(owner)).map((e) => [e.kind, e.detail])).toContainEqual([
      'passkey_removed',
      'Old laptop',
    ]);
  });

  it('signs in with a passkey alone, even with TOTP on, and keeps the counter and last use', async () => {
    const { email, auth, owner } = await account();
    const { secret } = await turnOnTotp(t, auth, audience);
    const { key, passkey } = await addPasskey(audience, auth, 'My laptop', {
      password: FIXTURE_PASSWORD,
      code: codeNow(t, secret),
    });
    const res = await signInWith(audience, key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mfa_required).toBeUndefined();
    expect(signedInAs(body)).toBe(email);
    const check = session(body);
    expect((await call('GET', check.url, check.auth)).statusCode).toBe(200);
    // The session records how it was proved (decision 0063): a passkey, two factors in one.
    const sessions = await call('GET', `${audience}/sessions`, check.auth);
    expect(sessions.json().find((s: { current: boolean }) => s.current)).toMatchObject({
      signed_in_with: 'passkey',
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, passkey.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    expect((await events(owner)).map((e) => e.kind)).toContain('passkey_sign_in');
  });

  it('refuses a replayed challenge, a wrong challenge, an unknown passkey and a counter that went back (401)', async () => {
    const { auth, owner } = await account();
    const { key } = await addPasskey(audience, auth);
    const { challenge_id, options } = (
      await postJson(t, `${audience}/passkeys/login/options`, undefined)
    ).json();
    const response = key.authenticate(options);
    const verify = (body: object) => postJson(t, `${audience}/passkeys/login/verify`, body);
    expect((await verify({ challenge_id, response })).statusCode).toBe(200);
    const replay = await verify({ challenge_id, response });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(PASSKEY_MESSAGES.signInFailed);
    expect((await signInWith(audience, key, { challenge: 'd3JvbmctY2hhbGxlbmdl' })).statusCode).toBe(401);
    expect((await signInWith(audience, key, { userVerified: false })).statusCode).toBe(401);
    expect((await signInWith(audience, key, { counter: 1 })).statusCode).toBe(401);
    expect((await signInWith(audience, new SoftPasskey(t.app.ctx.config.PUBLIC_URL))).statusCode).toBe(401);
    const unknownChallenge = await verify({ challenge_id: '00000000-0000-4000-8000-000000000000', response });
    expect(unknownChallenge.statusCode).toBe(401);
    expect((await signInWith(audience, key, { counter: 10 })).statusCode).toBe(200);
    expect(
      (await events(owner)).filter((e) => e.kind === 'sign_in_failed' && e.detail === 'passkey').length,
    ).toBe(3);
  });

  it('refuses bad sign-in input (422)', async () => {
    for (const body of [
      {},
      { challenge_id: 'x', response: { id: 'a', type: 'public-key' } },
      { challenge_id: '00000000-0000-4000-8000-000000000000', response: [] },
    ]) {
      expect((await postJson(t, `${audience}/passkeys/login/verify`, body)).statusCode).toBe(422);
    }
  });

  it('refuses a challenge past its five minutes (401)', async () => {
    const { auth } = await account();
    const { key } = await addPasskey(audience, auth);
    const { challenge_id, options } = (
      await postJson(t, `${audience}/passkeys/login/options`, undefined)
    ).json();
    t.clock.advance(5 * 60_000 + 1);
    const res = await postJson(t, `${audience}/passkeys/login/verify`, {
      challenge_id,
      response: key.authenticate(options),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('passkey sign-in across audiences and account rules', () => {
  it('a player passkey does not sign in to the back-office, nor an admin one as a player; nor a challenge of the other audience', async () => {
    const player = await createPlayer(t.app.ctx);
    const admin = await createAdmin(t.app.ctx);
    const { key: playerKey } = await addPasskey('/api', player.auth);
    const { key: adminKey } = await addPasskey('/api/admin', admin.auth);
    expect((await signInWith('/api/admin', playerKey)).statusCode).toBe(401);
    expect((await signInWith('/api', adminKey)).statusCode).toBe(401);
    const { challenge_id, options } = (
      await postJson(t, '/api/admin/passkeys/login/options', undefined)
    ).json();
    const crossed = await postJson(t, '/api/passkeys/login/verify', {
      challenge_id,
      response: playerKey.authenticate(options),
    });
    expect(crossed.statusCode).toBe(401);
    expect((await signInWith('/api', playerKey)).statusCode).toBe(200);
  });

  it('refuses suspended and unverified players and inactive admins (403), as the password sign-in does', async () => {
    const suspended = await createPlayer(t.app.ctx);
    const { key: suspendedKey } = await addPasskey('/api', suspended.auth);
    await t.app.ctx.db
      .update(users)
      .set({ accountStatus: 'suspended' })
      .where(eq(users.id, suspended.user.id));
    expect((await signInWith('/api', suspendedKey)).statusCode).toBe(403);

    const unverified = await createPlayer(t.app.ctx);
    const { key: unverifiedKey } = await addPasskey('/api', unverified.auth);
    await t.app.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.user.id));
    expect((await signInWith('/api', unverifiedKey)).statusCode).toBe(403);

    const inactive = await createAdmin(t.app.ctx);
    const { key: adminKey } = await addPasskey('/api/admin', inactive.auth);
    await t.app.ctx.db.update(admins).set({ status: 'inactive' }).where(eq(admins.id, inactive.admin.id));
    expect((await signInWith('/api/admin', adminKey)).statusCode).toBe(403);
  });
});
