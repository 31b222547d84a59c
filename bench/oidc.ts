/**
 * OpenID Provider benchmark (issue #26): refresh-token grants per second under load (autocannon; every
 * request sends a refresh token the portal has just rotated in, as a game would),
 * against GET /healthz in the same run (the server's ceiling on this machine); then the p95 of the
 * authorization-code exchange (POST /oidc/token with the code and PKCE verifier) while WORKERS players sign in
 * through the portal's pages at once. Runs the real app on PGlite in memory, or on PostgreSQL when DATABASE_URL
 * is set. Exits 1 when a request failed.
 *   npm run bench:oidc   (CONNECTIONS=20 DURATION=10 for the refresh load, CODES=200 WORKERS=4 for the exchange)
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { OidcClientCreate } from '@portal/contract';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createClient } from '../apps/server/src/modules/oidc/clients';
import { createPlayer } from '../apps/server/test/fixtures';
import { Browser, jsonOf, signInThroughPortal } from '../apps/server/test/oidc';
import { countFromEnv } from './env';

const CONNECTIONS = countFromEnv('CONNECTIONS', 20);
const DURATION = countFromEnv('DURATION', 10);
const CODES = countFromEnv('CODES', 200);
const WORKERS = countFromEnv('WORKERS', 4);
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
// PUBLIC_URL is the issuer: the listening address must be known first, so the app listens on a fixed port.
const port = countFromEnv('PORT', 3391);
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_MAX: '10000000',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port, host: '127.0.0.1' });
if ((app.server.address() as AddressInfo).port !== port) throw new Error('not listening on PORT');

const form = async (path: string, body: Record<string, string>) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  const json = await jsonOf(res);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};

// 1. One grant per connection, made by the device flow (a console, its player approving on /activate).
const registerApp = (input: Pick<OidcClientCreate, 'name' | 'grant_types' | 'redirect_uris'>) =>
  createClient(
    app.ctx,
    { type: 'public', first_party: true, game: null, post_logout_redirect_uris: [], ...input },
    { kind: 'system', label: 'bench' },
  );
const consoleApp = await registerApp({
  name: 'Bench Console',
  grant_types: [DEVICE, 'refresh_token'],
  redirect_uris: [],
});
console.log(`database: ${database.kind}; preparing ${CONNECTIONS} device grants…`);
const refreshTokens: string[] = [];
for (let i = 0; i < CONNECTIONS; i += 1) {
  const player = await createPlayer(app.ctx);
  const started = await form('/oidc/device/auth', {
    client_id: consoleApp.client_id,
    scope: 'openid profile offline_access',
  });
  const decided = await app.inject({
    method: 'POST',
    url: '/api/oidc/device/decision',
    headers: player.auth,
    payload: { user_code: started.user_code, approve: true },
  });
  if (decided.statusCode !== 200) throw new Error(`device decision answered ${decided.statusCode}`);
  const tokens = await form('/oidc/token', {
    grant_type: DEVICE,
    device_code: started.device_code,
    client_id: consoleApp.client_id,
  });
  refreshTokens.push(tokens.refresh_token);
}

// 2. The ceiling, then the refresh load: every request sends a refresh token the portal has just rotated in.
const ceiling = await autocannon({ url: `${base}/healthz`, connections: CONNECTIONS, duration: DURATION });
// A pool of refresh tokens: a request takes one, its answer puts back the rotated one (one request is in
// flight per connection, so the pool never runs dry while no request fails).
let badReplies = 0;
const refresh = await autocannon({
  url: `${base}/oidc/token`,
  connections: CONNECTIONS,
  duration: DURATION,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      setupRequest: (request) => ({
        ...request,
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshTokens.shift() ?? 'pool-empty',
          client_id: consoleApp.client_id,
        }).toString(),
      }),
      onResponse: (status, body) => {
        const rotated =
          status === 200 ? (JSON.parse(body) as { refresh_token?: string }).refresh_token : undefined;
        if (rotated) refreshTokens.push(rotated);
        else badReplies += 1;
      },
    },
  ],
});

// 3. The authorization-code exchange: WORKERS players sign in through the portal's pages at once; only the
// token request that exchanges the code is timed.
const redirect = `${base}/bench-callback`;
const webApp = await registerApp({
  name: 'Bench Web App',
  grant_types: ['authorization_code'],
  redirect_uris: [redirect],
});
const { authorization_endpoint } = await jsonOf(await fetch(`${base}/oidc/.well-known/openid-configuration`));
const players = await Promise.all(Array.from({ length: WORKERS }, () => createPlayer(app.ctx)));
const exchangeMs: number[] = [];
let exchangeFailures = 0;
let done = 0;
await Promise.all(
  players.map(async (player) => {
    while (done < CODES) {
      done += 1;
      const verifier = randomBytes(32).toString('base64url');
      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: webApp.client_id,
        response_type: 'code',
        redirect_uri: redirect,
        scope: 'openid profile',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      const { callback } = await signInThroughPortal(base, new Browser(), url, player.auth, { redirect });
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`no code in ${callback.href}`);
      const started = performance.now();
      const res = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          code_verifier: verifier,
          client_id: webApp.client_id,
        }),
      });
      await res.arrayBuffer();
      exchangeMs.push(performance.now() - started);
      if (res.status !== 200) exchangeFailures += 1;
    }
  }),
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const sorted = [...exchangeMs].sort((x, y) => x - y);
const refreshErrors = refresh.errors + refresh.non2xx + badReplies;
console.log('');
console.log(
  `GET /healthz (ceiling): ${ceiling.requests.average.toFixed(0)} req/s, p99 ${ceiling.latency.p99} ms (${CONNECTIONS} connections, ${DURATION} s)`,
);
console.log(
  `refresh-token grants: ${refresh.requests.average.toFixed(0)} req/s, p50 ${refresh.latency.p50} ms, p99 ${refresh.latency.p99} ms, errors ${refreshErrors}; ${((100 * refresh.requests.average) / ceiling.requests.average).toFixed(1)} % of the ceiling`,
);
console.log(
  `authorization-code exchange: ${sorted.length} codes, ${WORKERS} players signing in at once: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms, failures ${exchangeFailures}`,
);
await app.close();
await database.close();
process.exit(refreshErrors + exchangeFailures > 0 ? 1 : 0);
