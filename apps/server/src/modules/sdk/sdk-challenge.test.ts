import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { startProcess } from '../../../test/process';
import { type Command, examples, hasDotnet, SDKS } from '../../../test/sdk-examples';
import { DEVICE_TOKEN_HEADER } from '../../lib/device-cookie';
import { LOCKOUT_POLICIES } from '../../lib/lockout';
import { createServerKey } from '../events';

/**
 * The SDKs' launcher sign-in under the proof-of-work throttle (decision 0039): once anyone's failures have
 * locked an account for clients it does not know, every SDK's password sign-in (each example's, in its own
 * language) solves the portal's challenge, repeats the attempt once and keeps the device token that makes the
 * launcher a known client from then on. A stand-in portal shows the rest: a solution the real verifier
 * accepts, a single repeat when the portal refuses again, and a clear error for a challenge beyond the SDK's
 * bound on work. The challenges are the portal's own, at their real cost (about a second per sign-in).
 */
const ACCOUNT_LIMIT = LOCKOUT_POLICIES['player-account'].threshold;
const WRONG = 'Wrong-Password-9';
/** More PBKDF2 rounds per try than every SDK spends on a whole challenge (40 million). */
const BEYOND_THE_BOUND = 40_000_001;

let t: TestApp;
let baseUrl: string;
let caliberKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  caliberKey = (await createServerKey(t.app.ctx, 'caliber', 'sdk test')).key;
});
afterAll(() => t.close());

let next = 1;
/** An address of the attacker's (the SDKs sign in from 127.0.0.1 and must not be the one locked). */
const freshAddress = () => `203.0.113.${next++}`;

const signIn = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login-caliber',
    payload,
    remoteAddress: freshAddress(),
    headers,
  });

/** A Caliber player whose account anyone's failures have locked for unknown clients: they get a challenge. */
async function lockedPlayer() {
  const player = await createPlayer(t.app.ctx);
  for (let i = 0; i < ACCOUNT_LIMIT; i += 1) {
    const failed = await signIn({ email: player.user.email, password: WRONG });
    expect(failed.json().data.errorCode).toBe('INVALID_CREDENTIALS');
  }
  const right = { email: player.user.email, password: player.password };
  const challenged = await signIn(right);
  expect(challenged.statusCode).toBe(429);
  expect(challenged.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', challenge: expect.any(Object) });
  return { player, right };
}

/** Every SDK's example, .NET's too where it is installed: its launcher sign-in as the command line runs it. */
const launchers: { language: string; available: boolean; build(): Command | Promise<Command> }[] = [
  ...examples.map(({ language, available, build, cli }) => ({ language, available, build: cli ?? build })),
  {
    language: '.NET',
    available: hasDotnet(),
    build: () => ['dotnet', ['run', '--project', 'example'], join(SDKS, 'dotnet')],
  },
];

/** A stand-in portal that asks every sign-in for a proof of work and records what came. */
async function challengingPortal(challenge: () => Promise<object>) {
  const bodies: Record<string, unknown>[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    bodies.push(JSON.parse(raw));
    response.writeHead(429, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        message: 'Please wait while your browser is checked, then try again.',
        code: 'CHALLENGE_REQUIRED',
        challenge: await challenge(),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

const SECRETS = { hmacSignatureSecret: 'stand-in', hmacKeySignatureSecret: 'stand-in-key' };

describe.each(launchers)('the $language SDK under the proof-of-work throttle', ({ available, build }) => {
  it.skipIf(!available)(
    'signs in with the right password by solving the challenge, and keeps the device token it was given',
    async () => {
      const { player, right } = await lockedPlayer();
      const [command, args, cwd] = await build();
      const launcher = startProcess(command, args, cwd, {
        PORTAL_URL: baseUrl,
        CALIBER_EMAIL: player.user.email,
        CALIBER_PASSWORD: player.password,
        CALIBER_SERVER_KEY: caliberKey,
      });
      expect(await launcher.exited, launcher.output.stderr).toBe(0);
      expect(launcher.output.stdout).toMatch(/launcher redirect: caliber:\/\/login\?code=/);
      // The game server exchanged the code for this player.
      expect(launcher.output.stdout).toContain(player.user.id);
      const token = launcher.output.stdout.match(
        /device token \(keep it: the PIN works only with it\): (\S+)/,
      )?.[1];
      expect(token).toEqual(expect.any(String));

      // The account stays locked for unknown clients; the launcher with its token is a known one now.
      expect((await signIn(right)).json().code).toBe('CHALLENGE_REQUIRED');
      const known = await signIn(right, { [DEVICE_TOKEN_HEADER]: token! });
      expect(known.json().data.redirectURL).toMatch(/^caliber:\/\/login\?code=/);
    },
    120_000,
  );

  it.skipIf(!available)(
    'sends a solution the verifier accepts and repeats once; refuses a challenge beyond its bound with a clear error',
    async () => {
      const [command, args, cwd] = await build();
      const launch = (url: string) =>
        startProcess(command, args, cwd, {
          PORTAL_URL: url,
          CALIBER_EMAIL: 'player@example.test',
          CALIBER_PASSWORD: 'Right-Password-1',
        });

      // A cheap challenge (counter 7, one round) each time: solved once, the second refusal is the caller's.
      const again = await challengingPortal(() =>
        createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 7, deriveKey, ...SECRETS }),
      );
      try {
        const launcher = launch(again.url);
        expect(await launcher.exited).not.toBe(0);
        expect(again.bodies).toHaveLength(2);
        const [first, repeated] = again.bodies;
        expect(first).not.toHaveProperty('altcha');
        expect(repeated).toMatchObject({ email: 'player@example.test', password: 'Right-Password-1' });
        const payload = JSON.parse(Buffer.from(String(repeated!.altcha), 'base64').toString('utf8'));
        expect(payload.solution.counter).toBe(7);
        const verified = await verifySolution({ ...payload, deriveKey, ...SECRETS });
        expect(verified.verified).toBe(true);
      } finally {
        await again.close();
      }

      const costly = await challengingPortal(() =>
        createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: BEYOND_THE_BOUND, deriveKey, ...SECRETS }),
      );
      try {
        const launcher = launch(costly.url);
        expect(await launcher.exited).not.toBe(0);
        expect(costly.bodies).toHaveLength(1);
        expect(`${launcher.output.stdout}${launcher.output.stderr}`).toMatch(
          /proof-of-work challenge could not be solved: no solution within 40000000 PBKDF2 rounds/,
        );
      } finally {
        await costly.close();
      }
    },
    120_000,
  );
});
