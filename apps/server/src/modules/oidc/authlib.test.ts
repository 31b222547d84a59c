import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../../test/fixtures';
import {
  Browser,
  interactionUid,
  jsonOf,
  listeningApp,
  registerApp,
  signInThroughPortal,
} from '../../../test/oidc';
import { stepUp } from '../../../test/step-up';

// A relying party from another ecosystem: Debian's python3-authlib (scripts/ensure-test-tools.sh installs
// it; CI always has it). Code + PKCE, ID token verified against the JWKS, userinfo, refresh rotation and
// reuse detection, the device flow, and prompt=login with max_age (a fresh proof, and auth_time its time).

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/oidc-authlib.py', import.meta.url));
const present = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import authlib, requests']).status === 0;
if (!present && process.env.CI)
  throw new Error('python3-authlib is missing: run scripts/ensure-test-tools.sh');
if (!present)
  console.warn(
    'Skipping the authlib relying-party test: install python3-authlib (scripts/ensure-test-tools.sh).',
  );

let t: Awaited<ReturnType<typeof listeningApp>>;
const REDIRECT = 'http://127.0.0.1:8765/callback';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

describe.skipIf(!present)('python3-authlib as a relying party', () => {
  it('signs in with code + PKCE, refreshes, detects reuse, runs the device flow and honours prompt=login', async () => {
    const { client_id } = await registerApp(t, {
      type: 'public',
      name: 'Python Launcher',
      first_party: true,
      game: 'caliber',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
    });
    // Signed in to the portal a minute before the app asks.
    t.clock.set(new Date(Date.now() - 60_000));
    const player = await createPlayer(t.app.ctx);
    const python = spawn(PYTHON, [SCRIPT, t.base, client_id, REDIRECT], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    python.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const lines = createInterface({ input: python.stdout })[Symbol.asyncIterator]();
    const next = async () => {
      const line = await lines.next();
      if (line.done) throw new Error(`authlib script ended: ${stderr}`);
      return JSON.parse(line.value);
    };
    const reply = (message: object) => python.stdin.write(`${JSON.stringify(message)}\n`);

    const authorize = await next();
    expect(authorize.step).toBe('authorize');
    const { callback } = await signInThroughPortal(
      t.base,
      new Browser(),
      new URL(authorize.url),
      player.auth,
      {
        redirect: REDIRECT,
      },
    );
    reply({ callback: callback.href });

    const device = await next();
    expect(device).toMatchObject({ step: 'device', verification_uri: `${t.base}/activate` });
    t.clock.advance(5_000);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/oidc/device/decision',
      headers: player.auth,
      payload: { user_code: device.user_code, approve: true },
    });
    expect(approved.statusCode).toBe(200);
    reply({ approved: true });

    // prompt=login: the portal session alone does not answer; after the password again (a step-up) it does.
    const reauthorize = await next();
    expect(reauthorize.step).toBe('reauthorize');
    const browser = new Browser();
    const uid = interactionUid(await browser.navigate(new URL(reauthorize.url), REDIRECT));
    const login = () =>
      browser.request(`${t.base}/api/oidc/interaction/${uid}/login`, {
        method: 'POST',
        headers: { accept: 'application/json', ...player.auth },
      });
    const refused = await login();
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused)).code).toBe('STEP_UP_REQUIRED');
    t.clock.set(new Date());
    await stepUp(t, player.auth);
    const proved = Math.floor(t.clock.now().getTime() / 1000);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const callback2 = await browser.navigate((await jsonOf(signedIn)).redirect_to, REDIRECT);
    reply({ callback: callback2.href });

    const done = await next();
    expect(done).toEqual({
      step: 'done',
      sub: player.user.id,
      userinfo: {
        sub: player.user.id,
        email: player.user.email,
        email_verified: true,
        name: 'Test Player',
        nickname: expect.stringMatching(/^nick/),
        games: ['caliber'],
      },
      rotated: true,
      reuse_error: 'invalid_grant',
      after_reuse: 'invalid_grant',
      pending: 'authorization_pending',
      device_userinfo: { sub: player.user.id, email: player.user.email, email_verified: true },
      auth_time: proved,
    });
    python.stdin.end();
  });
});
