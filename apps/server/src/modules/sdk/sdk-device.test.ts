import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../../test/fixtures';
import { listeningApp, registerApp } from '../../../test/oidc';
import { startProcess } from '../../../test/process';
import { oidcModels } from '../../db/schema/index';

/**
 * Sign-in on consoles and TVs with the SDKs (issue #26): the JavaScript and Python device-flow examples run
 * against a listening portal while a signed-in player approves (or denies) the code they print through the
 * portal's /activate API; the JavaScript SDK's poll honours slow_down and reports expired_token.
 */
const SDKS = fileURLToPath(new URL('../../../../../sdks/', import.meta.url));
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const hasPython = !!process.env.CI || spawnSync('python3', ['--version']).status === 0;

let t: Awaited<ReturnType<typeof listeningApp>>;
let clientId: string;
beforeAll(async () => {
  // Devices are told to wait 1 s between polls (5 s by default): the examples sleep in real time.
  t = await listeningApp({ DEVICE_POLL_INTERVAL_SECONDS: '1' });
  // A public app like the demo launcher, registered for the device grant and refresh tokens.
  ({ client_id: clientId } = await registerApp(t, {
    type: 'public',
    name: 'Caliber Console',
    first_party: true,
    game: 'caliber',
    grant_types: [DEVICE, 'refresh_token'],
  }));
});
afterAll(async () => t.close());

const decide = (auth: Record<string, string>, userCode: string, approve: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/oidc/device/decision',
    headers: auth,
    payload: { user_code: userCode, approve },
  });

/** The portal's clock is the real one while an example sleeps between its polls; answers the undo. */
function realTime() {
  const fixed = t.clock.now;
  t.clock.now = () => new Date();
  return () => {
    t.clock.now = fixed;
  };
}

const examples = [
  {
    language: 'JavaScript',
    available: true,
    command: process.execPath,
    args: ['device-example.mjs'],
    dir: 'javascript',
  },
  {
    language: 'Python',
    available: hasPython,
    command: 'python3',
    args: ['device_example.py'],
    dir: 'python',
  },
];

describe.each(examples)('the $language device-flow example', ({ available, command, args, dir }) => {
  it.skipIf(!available)(
    'prints the code and address, waits while it is pending, then prints the player’s claims and refreshes',
    async () => {
      const stop = realTime();
      const player = await createPlayer(t.app.ctx);
      const example = startProcess(command, args, join(SDKS, dir), {
        PORTAL_URL: t.base,
        OIDC_CLIENT_ID: clientId,
      });
      try {
        const [, uri, userCode] = await example.waitFor(/open (\S+) and enter the code ([A-Z]{4}-[A-Z]{4})/);
        expect(uri).toBe(`${t.base}/activate`);
        // The next line: the example writes each line apart, and a pipe may hand them over in two reads.
        const [, completeUri] = await example.waitFor(/\(or open (\S+)\)/);
        expect(completeUri).toBe(`${t.base}/activate?user_code=${userCode}`);
        await example.waitFor(/waiting for approval \(authorization_pending\), next poll in 1 s/);

        const described = await t.app.inject({
          method: 'POST',
          url: '/api/oidc/device',
          headers: player.auth,
          payload: { user_code: userCode },
        });
        expect(described.json()).toMatchObject({
          client: { client_id: clientId, name: 'Caliber Console' },
          scopes: ['openid', 'profile', 'offline_access'],
        });
        expect((await decide(player.auth, userCode!, true)).statusCode).toBe(200);

        expect(await example.exited).toBe(0);
        expect(example.output.stderr).toBe('');
        expect(example.output.stdout).toContain(
          `signed in: sub ${player.user.id}, token type Bearer, expires in `,
        );
        expect(example.output.stdout).toMatch(/userinfo: Test Player \(nick/);
        expect(example.output.stdout).toMatch(
          /refreshed: new access token, expires in \d+ s, refresh token rotated: true/,
        );
      } finally {
        stop();
        await example.stop();
      }
    },
    60_000,
  );

  it.skipIf(!available)(
    'ends with access_denied (exit code 2) when the player says no',
    async () => {
      const stop = realTime();
      const player = await createPlayer(t.app.ctx);
      const example = startProcess(command, args, join(SDKS, dir), {
        PORTAL_URL: t.base,
        OIDC_CLIENT_ID: clientId,
      });
      try {
        const [, userCode] = await example.waitFor(/enter the code ([A-Z]{4}-[A-Z]{4})/);
        expect((await decide(player.auth, userCode!, false)).statusCode).toBe(200);
        expect(await example.exited).toBe(2);
        expect(example.output.stderr).toMatch(/^sign-in ended: access_denied \(/);
        expect(example.output.stdout).not.toContain('signed in');
      } finally {
        stop();
        await example.stop();
      }
    },
    60_000,
  );
});

describe('the JavaScript SDK: device login', () => {
  const load = () => import(join(SDKS, 'javascript/src/index.js'));

  it('reads the endpoints from discovery and slows down 5 s when told to', async () => {
    const sdk = await load();
    const login = new sdk.CaliberDeviceLogin({ baseUrl: `${t.base}/`, clientId });
    expect(await login.discover()).toMatchObject({
      device_authorization_endpoint: `${t.base}/oidc/device/auth`,
      token_endpoint: `${t.base}/oidc/token`,
    });
    const player = await createPlayer(t.app.ctx);
    const started = await login.startDeviceLogin({ scope: 'openid' });
    expect(started).toMatchObject({ interval: 1, verificationUri: `${t.base}/activate` });
    // The portal's clock stands still: the second poll is too soon for it.
    const heard: [string, number][] = [];
    const tokens = await login.pollDeviceToken(started, {
      onPending: async (reason: string, interval: number) => {
        heard.push([reason, interval]);
        if (reason === 'slow_down') {
          await decide(player.auth, started.userCode, true);
          t.clock.advance(interval * 1000);
        }
      },
    });
    expect(heard).toEqual([
      ['authorization_pending', 1],
      ['slow_down', 6],
    ]);
    expect(tokens.claims.sub).toBe(player.user.id);
    expect(tokens.refreshToken).toBeNull();
  }, 60_000);

  it('reports expired_token, and an unknown app as a DeviceLoginError', async () => {
    const sdk = await load();
    const login = new sdk.CaliberDeviceLogin({ baseUrl: t.base, clientId });
    const started = await login.startDeviceLogin();
    await t.app.ctx.db
      .update(oidcModels)
      .set({
        payload: sql`jsonb_set(${oidcModels.payload}, '{exp}', to_jsonb(extract(epoch from now())::int - 1))`,
      })
      .where(and(eq(oidcModels.model, 'DeviceCode'), eq(oidcModels.id, started.deviceCode)));
    await expect(login.pollDeviceToken(started)).rejects.toMatchObject({
      name: 'DeviceLoginError',
      code: 'expired_token',
    });

    const stranger = new sdk.CaliberDeviceLogin({ baseUrl: t.base, clientId: 'no-such-app' });
    await expect(stranger.startDeviceLogin()).rejects.toMatchObject({
      name: 'DeviceLoginError',
      code: 'invalid_client',
    });
    await expect(login.refreshTokens('not-a-token')).rejects.toMatchObject({ code: 'invalid_grant' });
  }, 30_000);
});
