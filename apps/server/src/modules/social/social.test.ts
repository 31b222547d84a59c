import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { codeNow, nextStep, postJson, turnOnTotp } from '../../../test/mfa';
import { socialIdentities } from '../../db/schema/index';
import { type FakeProvider, startFakeFacebook, startFakeGoogle } from './fake-providers';
import { walkProvider } from './social-flow';

const PORTAL = 'http://portal.test';
const decodeSocialState = (state: string) =>
  JSON.parse(Buffer.from(state.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let t: TestApp;
let google: FakeProvider;
let facebook: FakeProvider;
let n = 0;
const unique = (tag: string) => `${tag}-${Date.now()}-${++n}@social.test`;
let ip = 0;
const addr = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  google = await startFakeGoogle({
    clientId: 'portal-google',
    clientSecret: 'google-secret',
    redirectUri: `${PORTAL}/api/auth/google/callback`,
  });
  facebook = await startFakeFacebook({
    clientId: 'portal-facebook',
    clientSecret: 'facebook-secret',
    redirectUri: `${PORTAL}/api/auth/facebook/callback`,
  });
  t = await buildTestApp({ env: { ...google.env, ...facebook.env } });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await facebook.close();
});

/** Starts at the portal, walks the provider, and returns the callback request (path + cookie). */
async function roundTrip(
  provider: 'google' | 'facebook',
  person: Parameters<typeof walkProvider>[2],
  intent: 'login' | 'register' = 'login',
) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/${provider}?intent=${intent}&game=caliber`,
    remoteAddress: addr(),
  });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
  const cookie = setCookie.split(';')[0]!;
  const back = await walkProvider(String(start.headers.location), PORTAL, person);
  const url = new URL(back);
  return { path: `${url.pathname}${url.search}`, cookie };
}

async function callback(path: string, cookie: string | undefined) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: cookie ? { cookie } : {},
    remoteAddress: addr(),
  });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

const getUser = (id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/get-user/${id}`, headers: { authorization: `Bearer ${token}` } });

function parseSocialLogin(location: string) {
  const url = new URL(location, PORTAL);
  const match = /^\/social-login\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (!match) throw new Error(`not a social-login redirect: ${location}`);
  return { id: match[1]!, token: url.searchParams.get('token')!, state: url.searchParams.get('state')! };
}

describe('Google (a real local OpenID provider)', () => {
  it('creates an account, exchanges the single-use token, completes Caliber details, then signs in', async () => {
    const email = unique('new');
    const { path, cookie } = await roundTrip('google', { email, name: 'Gina Google' }, 'register');
    const { id, token, state } = parseSocialLogin(await callback(path, cookie));
    expect(decodeSocialState(state)).toMatchObject({ p: 'google', intent: 'register', game: 'caliber' });

    const res = await getUser(id, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isAuthenticated).toBe(true);
    expect(body.user).toMatchObject({
      email,
      name: 'Gina Google',
      nickname: null,
      games: [],
      has_password: false,
    });
    expect(body.user.email_verified_at).not.toBeNull();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.token).not.toBe(token);

    // The exchange token is burnt.
    expect((await getUser(id, token)).statusCode).toBe(401);

    // The sign-in is in the account's security history, with its provider.
    const history = await t.app.inject({
      url: '/api/security/events',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(history.json()).toEqual([expect.objectContaining({ kind: 'sign_in', detail: 'google' })]);
    // The session records how it was proved (decision 0063): the provider.
    const sessions = await t.app.inject({
      url: '/api/sessions',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(sessions.json()).toEqual([expect.objectContaining({ current: true, signed_in_with: 'google' })]);

    const auth = { authorization: `Bearer ${body.token}` };
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/register/details',
      headers: auth,
      payload: {
        game: 'caliber',
        email,
        nickname: 'Gina',
        pin: '1357',
        password: 'Sunny-Days-42',
        confirmPassword: 'Sunny-Days-43',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.confirmPassword).toEqual(['Password fields must match']);

    const nick = `gina${n}${Date.now() % 100000}`;
    const done = await t.app.inject({
      method: 'PUT',
      url: '/api/register/details',
      headers: auth,
      payload: {
        game: 'caliber',
        email,
        nickname: nick,
        pin: '1357',
        password: 'Sunny-Days-42',
        confirmPassword: 'Sunny-Days-42',
      },
    });
    expect(done.statusCode).toBe(200);
    expect(Object.keys(done.json()).sort()).toEqual(['message', 'user']);
    expect(done.json().user.nickname).toBe(nick);
    // The details session ends; the player signs in with the new password (here: the launcher login).
    expect((await t.app.inject({ method: 'GET', url: '/api/user-info', headers: auth })).statusCode).toBe(
      401,
    );
    const launcher = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: { email, password: 'Sunny-Days-42' },
      remoteAddress: addr(),
    });
    expect(launcher.json().data.redirectURL).toMatch(/^caliber:\/\/login\?code=/);
  });

  it('links an existing player with the same verified email; later sign-ins follow the identity', async () => {
    const p = await createPlayer(t.app.ctx);
    const sub = `existing-${n++}`;
    const first = await roundTrip('google', { email: p.user.email.toUpperCase(), sub });
    const { id, token, state } = parseSocialLogin(await callback(first.path, first.cookie));
    expect(id).toBe(p.user.id);
    expect(decodeSocialState(state)?.intent).toBe('login');
    const body = (await getUser(id, token)).json();
    expect(body).toMatchObject({ isAuthenticated: true, user: { email: p.user.email } });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user-info',
          headers: { authorization: `Bearer ${body.token}` },
        })
      ).statusCode,
    ).toBe(200);

    // The provider now reports another email for the same identity: still the same account.
    const again = await roundTrip('google', { email: unique('changed'), sub });
    expect(parseSocialLogin(await callback(again.path, again.cookie)).id).toBe(p.user.id);
  });

  it('a first sign-in that creates the account comes back as a registration', async () => {
    const { path, cookie } = await roundTrip('google', { email: unique('first') }, 'login');
    const { state } = parseSocialLogin(await callback(path, cookie));
    expect(decodeSocialState(state)).toMatchObject({ p: 'google', intent: 'register' });
  });

  it('never links an existing account on an email the provider has not verified', async () => {
    const p = await createPlayer(t.app.ctx);
    const { path, cookie } = await roundTrip('google', { email: p.user.email, verified: false });
    expect(await callback(path, cookie)).toBe('/login?social=error&reason=email_unverified');
    const links = await t.app.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, p.user.id));
    expect(links).toEqual([]);
  });

  it('refuses a forged state, an expired state and a missing browser cookie', async () => {
    const email = unique('state');
    const forged = await roundTrip('google', { email });
    const url = new URL(forged.path, PORTAL);
    const [body] = url.searchParams.get('state')!.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, intent: 'register' })).toString('base64url')}.${url.searchParams.get('state')!.split('.')[1]}`;
    url.searchParams.set('state', tampered);
    expect(await callback(`${url.pathname}${url.search}`, forged.cookie)).toBe(
      '/login?social=error&reason=state',
    );

    const noCookie = await roundTrip('google', { email });
    expect(await callback(noCookie.path, undefined)).toBe('/login?social=error&reason=state');

    const other = await roundTrip('google', { email });
    // A cookie from another sign-in in the same browser does not fit this state.
    expect(await callback(other.path, noCookie.cookie)).toBe('/login?social=error&reason=state');

    const late = await roundTrip('google', { email });
    t.clock.advance(11 * 60_000);
    expect(await callback(late.path, late.cookie)).toBe('/login?social=error&reason=state');
  });

  it('exchange tokens expire after 5 minutes and work only for their account', async () => {
    const a = await roundTrip('google', { email: unique('ttl') });
    const first = parseSocialLogin(await callback(a.path, a.cookie));
    const other = await createPlayer(t.app.ctx);
    expect((await getUser(other.user.id, first.token)).statusCode).toBe(401);
    expect((await getUser('not-a-uuid', first.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/get-user/${first.id}` })).statusCode).toBe(401);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await getUser(first.id, first.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/not valid any more/);
  });

  it('a cancelled sign-in returns to the login page with a reason', async () => {
    expect(await callback('/api/auth/google/callback?error=access_denied&state=x', undefined)).toBe(
      '/login?social=error&reason=cancelled',
    );
  });

  it('session tokens are not exchange tokens', async () => {
    const p = await createPlayer(t.app.ctx);
    expect((await getUser(p.user.id, p.token)).statusCode).toBe(401);
  });
});

describe('Facebook (local OAuth + Graph stand-in)', () => {
  it('signs up a new player through the dialog, token endpoint and Graph /me', async () => {
    const email = unique('fb');
    const { path, cookie } = await roundTrip('facebook', { email, name: 'Fiona Facebook' }, 'register');
    const { id, token, state } = parseSocialLogin(await callback(path, cookie));
    expect(decodeSocialState(state)).toMatchObject({ p: 'facebook', intent: 'register' });
    const body = (await getUser(id, token)).json();
    expect(body.user).toMatchObject({ email, name: 'Fiona Facebook' });
    const sessions = await t.app.inject({
      url: '/api/sessions',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(sessions.json()).toEqual([expect.objectContaining({ current: true, signed_in_with: 'facebook' })]);
  });

  it('needs an email from the provider', async () => {
    const { path, cookie } = await roundTrip('facebook', { email: '', sub: `fb-noemail-${n++}` });
    expect(await callback(path, cookie)).toBe('/login?social=error&reason=no_email');
  });

  it('a state made for Google does not finish a Facebook sign-in', async () => {
    const g = await roundTrip('google', { email: unique('cross') });
    const url = new URL(g.path, PORTAL);
    const swapped = `/api/auth/facebook/callback${url.search}`;
    expect(await callback(swapped, g.cookie.replace('portal_oauth_google', 'portal_oauth_facebook'))).toBe(
      '/login?social=error&reason=state',
    );
  });
});

describe('PUT /api/register/details', () => {
  it('needs a player session and validates with the spec messages', async () => {
    const none = await t.app.inject({ method: 'PUT', url: '/api/register/details', payload: {} });
    expect(none.statusCode).toBe(401);
    const p = await createPlayer(t.app.ctx, { games: [] });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/register/details',
      headers: p.auth,
      payload: {
        game: 'caliber',
        email: p.user.email,
        nickname: '',
        pin: '1234',
        password: 'short',
        confirmPassword: 'short',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      nickname: ['Nickname field is required.'],
      password: ['Password length must be at least 8 characters'],
      confirmPassword: ['Password length must be at least 8 characters'],
    });
    const wrongEmail = await t.app.inject({
      method: 'PUT',
      url: '/api/register/details',
      headers: p.auth,
      payload: {
        game: 'caliber',
        email: 'other@example.test',
        nickname: 'x',
        pin: '1234',
        password: p.password,
        confirmPassword: p.password,
      },
    });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors.email).toEqual(['The email does not match this account.']);
  });
});

describe('with two-step verification on', () => {
  it('GET /api/get-user answers the second step; /login/mfa opens the session, once', async () => {
    const p = await createPlayer(t.app.ctx);
    const { secret } = await turnOnTotp(t, p.auth);
    const first = await roundTrip('google', { email: p.user.email, sub: `two-step-${n++}` });
    const { id, token } = parseSocialLogin(await callback(first.path, first.cookie));
    const res = await getUser(id, token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['mfa_required', 'mfa_token']);
    // The exchange token is burnt all the same.
    expect((await getUser(id, token)).statusCode).toBe(401);

    const complete = (code: string) => postJson(t, '/login/mfa', { mfa_token: res.json().mfa_token, code });
    const wrong = codeNow(t, secret) === '000000' ? '111111' : '000000';
    expect((await complete(wrong)).statusCode).toBe(422);
    const done = await complete(codeNow(t, secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isAuthenticated: true, user: { email: p.user.email } });
    const info = await t.app.inject({
      url: '/api/user-info',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(info.statusCode).toBe(200);
    nextStep(t);
    expect((await complete(codeNow(t, secret))).statusCode).toBe(401);
    // A social token completes no launcher sign-in.
    const again = await roundTrip('google', { email: p.user.email });
    const next = parseSocialLogin(await callback(again.path, again.cookie));
    const other = (await getUser(next.id, next.token)).json().mfa_token;
    expect(
      (await postJson(t, '/api/login-caliber/mfa', { mfa_token: other, code: codeNow(t, secret) }))
        .statusCode,
    ).toBe(401);
  });
});
