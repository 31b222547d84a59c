import { readFileSync, writeFileSync } from 'node:fs';
import { ENDPOINTS_BY_MODULE, type Endpoint, STEP_UP_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_ENVIRONMENTS, buildTestApp, type TestApp } from '../../test/app';
import { createPlayer, FIXTURE_PASSWORD } from '../../test/fixtures';
import { createStaffMember } from '../../test/mfa';

/**
 * The proof every endpoint declares (docs/decisions/0063-proof-declared.md), walked over every declaration in
 * packages/contract/src/endpoints: each one states it, a state-changing one above all; it fits the endpoint's
 * guard; what the rule names as outliving the session asks for a recent proof; and every endpoint that asks
 * for one refuses a session past its sign-in window without a step-up (403 STEP_UP_REQUIRED) and lets the same
 * request through within it, in development and with NODE_ENV=production. lib/endpoints.test.ts checks each
 * route serves the proof its declaration states. The table of every endpoint's session, staff need and proof
 * is docs/security-matrix.md (UPDATE_DOCS=1 rewrites it).
 */
const DOC = new URL('../../../../docs/security-matrix.md', import.meta.url);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROOFS = new Set(['none', 'own', 'session', 'recent']);

const declared = Object.entries(ENDPOINTS_BY_MODULE).flatMap(([module, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    where: `${module}.${name}`,
    id: `${endpoint.method} ${endpoint.path}`,
    endpoint,
  })),
);

/**
 * What outlives the session (DESIGN.md, "Security rules"): every sign-in factor and credential, the email, an
 * app's or a device's approval, deletion and the export; for staff, invitations, roles and activation, server
 * keys, webhooks, OpenID apps and secrets, erasure and refunds. Each needs a recent proof, unconditionally or
 * for the requests that change it (`recentIf`); an endpoint carrying its own proof says which (`carries`).
 */
const MUST_BE_RECENT = [
  'POST /api/mfa/totp/setup',
  'POST /api/mfa/totp/enable',
  'POST /api/mfa/recovery-codes',
  'POST /api/admin/mfa/totp/setup',
  'POST /api/admin/mfa/totp/enable',
  'POST /api/admin/mfa/recovery-codes',
  'POST /api/passkeys/register/options',
  'POST /api/passkeys/register/verify',
  'DELETE /api/passkeys/:id',
  'POST /api/admin/passkeys/register/options',
  'POST /api/admin/passkeys/register/verify',
  'DELETE /api/admin/passkeys/:id',
  'GET /api/account/export',
  'POST /api/oidc/interaction/:uid/consent',
  'POST /api/oidc/device/decision',
  'PUT /api/register/details',
  'POST /api/admin/staff',
  'PATCH /api/admin/staff/:id',
  'POST /api/admin/games/:game/keys',
  'DELETE /api/admin/games/:game/keys/:id',
  'PUT /api/admin/games/:game/webhook',
  'POST /api/admin/games/:game/webhook/rotate-secret',
  'POST /api/admin/oidc/clients',
  'PATCH /api/admin/oidc/clients/:id',
  'DELETE /api/admin/oidc/clients/:id',
  'POST /api/admin/oidc/clients/:id/rotate-secret',
  'POST /api/admin/users/:id/status',
  'POST /api/admin/developers',
  'DELETE /api/admin/developers/:userId',
  'POST /api/email-blast',
  'POST /api/admin/users/:id/erase',
  'POST /api/admin/users/:id/two-step/disable',
  'POST /api/admin/orders/:txnid/refund',
];
/** Some requests only: a new PIN, Caliber's registration (PIN and first password), deletion without a password. */
const RECENT_FOR_SOME = ['POST /profile/update', 'POST /profile/register-game', 'POST /api/account/delete'];
/** The password and code travel with the request (the email change travels with /profile/update). */
const CARRY_THEIR_OWN = [
  'POST /api/account/password',
  'POST /api/mfa/totp/disable',
  'POST /api/admin/mfa/totp/disable',
];

/**
 * Every state-changing endpoint a live session alone may call, and why its effect ends with the session or
 * grants nothing: a new one fails the test below until it either declares a recent proof or is listed here
 * with its reason (a list of guarded actions would miss the next endpoint; this list names the exceptions).
 */
const SESSION_IS_ENOUGH: Record<string, string> = {
  'POST /profile/update':
    'name and nickname; the email carries the password, a new PIN asks recent (recentIf)',
  'POST /profile/register-game':
    'a game profile; Caliber, which sets the PIN and a first password, asks recent (recentIf)',
  'POST /api/admin/logout': 'ends the session',
  'POST /api/admin/users/:id/resend-verification': "mails the player's own address",
  'POST /api/admin/users/:id/password-reset': "mails a reset link to the player's own address",
  'POST /api/admin/users/:id/sessions/revoke': "ends the player's sessions",
  'POST /api/users/paginate/:game/export/link':
    'a download link of what the staff need may already read, minutes long',
  'POST /api/referralCodes/caliber/export/link':
    'a download link of what the staff need may already read, minutes long',
  'POST /api/all-referralCodes/export/link':
    'a download link of what the staff need may already read, minutes long',
  'POST /api/admin/audit/export/link':
    'a download link of what the staff need may already read, minutes long',
  'POST /api/exportorders/link': 'a download link of what the staff need may already read, minutes long',
  'POST /api/getorders': 'a read sent as POST',
  'POST /api/xsolla/:game/checkout': "a payment the player completes with the provider, in the player's name",
  'PUT /api/xsolla/:game/cart': 'the cart',
  'DELETE /api/xsolla/:game/cart/item/:sku': 'the cart',
  'POST /api/shop/yggdra/payconfirmation': 'confirms a payment the provider already took',
  'POST /api/email-blast/recipients': 'a draft list; sending asks recent',
  'DELETE /api/email-blast/recipients/:id': 'a draft list; sending asks recent',
  'POST /api/admin/games/:game/webhook/test': 'one signed test call to the configured URL',
  'POST /api/admin/deliveries/:id/retry': 'delivers again what was already owed',
  'POST /api/admin/reports/resolve': 'marks reports reviewed or dismissed; a sanction asks recent',
  'POST /api/reports': "a player's report, rate-limited",
  'POST /api/oidc/interaction/:uid/login':
    "continues a sign-in flow with the session's account; consent asks recent",
  'POST /api/oidc/device': 'looks up a device code; approving it asks recent',
  'DELETE /api/oidc/grants/:id': "withdraws an app's access",
  'PATCH /api/passkeys/:id': "a passkey's name",
  'PATCH /api/admin/passkeys/:id': "a passkey's name",
  'POST /api/account/delete/cancel': 'keeps the account',
  'POST /api/referralCodes': 'a referral code, no access',
  'DELETE /api/sessions/:id': 'ends a session',
  'POST /api/sessions/revoke-others': 'ends sessions',
  'DELETE /api/admin/sessions/:id': 'ends a session',
  'POST /api/admin/sessions/revoke-others': 'ends sessions',
  'DELETE /api/admin/staff/invitations/:id': 'withdraws an invitation; sending one asks recent',
};

const concrete = (path: string) =>
  path.replace(/:game/g, 'caliber').replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('the proof each endpoint declares', () => {
  it('is declared by every endpoint, every state-changing one included', () => {
    expect(declared.length).toBeGreaterThan(150);
    const undeclared = declared.filter(({ endpoint }) => !PROOFS.has(endpoint.proof));
    expect(
      undeclared.filter(({ endpoint }) => STATE_CHANGING.has(endpoint.method)).map(({ where }) => where),
    ).toEqual([]);
    expect(undeclared.map(({ where }) => where)).toEqual([]);
  });

  it('fits the guard: no session, no session proof; a proof carried says which', () => {
    const wrong = declared
      .filter(({ endpoint: e }) => {
        const sessionProof = e.proof === 'session' || e.proof === 'recent';
        if (e.auth === 'none' && sessionProof) return true;
        if (e.auth !== 'none' && e.proof === 'none') return true;
        if (e.proof === 'own' && !e.carries) return true;
        return Boolean(e.recentIf) && e.proof === 'recent';
      })
      .map(({ where, endpoint: e }) => `${where}: ${e.auth}/${e.proof}`);
    expect(wrong).toEqual([]);
  });

  it('asks a recent proof for whatever outlives the session', () => {
    const byId = new Map(declared.map(({ id, endpoint }) => [id, endpoint]));
    for (const id of MUST_BE_RECENT) expect(byId.get(id)?.proof, id).toBe('recent');
    for (const id of RECENT_FOR_SOME) expect(byId.get(id)?.recentIf, id).toBeDefined();
    for (const id of CARRY_THEIR_OWN) expect(byId.get(id)?.proof, id).toBe('own');
  });

  it('lets a live session alone change only what is listed, each with its reason', () => {
    const unlisted = declared
      .filter(({ endpoint }) => STATE_CHANGING.has(endpoint.method) && endpoint.proof === 'session')
      .map(({ id }) => id)
      .filter((id) => !SESSION_IS_ENOUGH[id]);
    expect(unlisted).toEqual([]);
    const stale = Object.keys(SESSION_IS_ENOUGH).filter(
      (id) => !declared.some((d) => d.id === id && d.endpoint.proof === 'session'),
    );
    expect(stale).toEqual([]);
  });
});

/** A request that needs the recent proof, of each endpoint asking for it only for some requests. */
function triggering(where: string, email: string): unknown {
  switch (where) {
    case 'accounts.updateProfile':
      return { name: 'Test Player', email, pin: '1357' };
    case 'accounts.registerGame':
      return { game: 'caliber', nickname: 'proofwalk', pin: '1357', password: FIXTURE_PASSWORD };
    case 'privacy.delete':
      return { email };
    default:
      throw new Error(`${where} declares recentIf: add a request that meets it here`);
  }
}

describe.each(BOTH_ENVIRONMENTS)('a recent proof, enforced from the declaration ($name)', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env });
  });
  afterAll(() => t.close());

  const recent = declared.filter(({ endpoint }) => endpoint.proof === 'recent' || endpoint.recentIf);

  async function callAll(sessionAge: number) {
    const owner = await createStaffMember(t, 'owner');
    const player = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    t.clock.advance(sessionAge);
    const replies: { where: string; status: number; body: { code?: string; message?: string } }[] = [];
    for (const { where, endpoint } of recent) {
      const reply = await t.app.inject({
        method: endpoint.method,
        url: concrete(endpoint.path),
        headers: endpoint.auth === 'player' ? player.auth : owner.auth,
        ...(endpoint.method === 'GET'
          ? {}
          : { payload: endpoint.recentIf ? (triggering(where, player.user.email) as object) : {} }),
      });
      replies.push({ where, status: reply.statusCode, body: reply.json() });
    }
    return replies;
  }

  it('refuses a session past its sign-in window without a step-up: 403 STEP_UP_REQUIRED on every one', async () => {
    expect(recent.length).toBeGreaterThan(30);
    const window = t.app.ctx.config.RECENT_SIGN_IN_SECONDS * 1000;
    const replies = await callAll(window);
    const notRefused = replies
      .filter(
        ({ status, body }) =>
          status !== 403 || body.code !== 'STEP_UP_REQUIRED' || body.message !== STEP_UP_MESSAGES.required,
      )
      .map(({ where, status, body }) => `${where}: ${status} ${body.code}`);
    expect(notRefused).toEqual([]);
  });

  it('lets the same requests through in the first RECENT_SIGN_IN_SECONDS of the session (its sign-in is the proof)', async () => {
    const replies = await callAll(t.app.ctx.config.RECENT_SIGN_IN_SECONDS * 1000 - 1000);
    // Nor refused otherwise: in production, a staff session without two-step would open only its setup.
    const refused = replies
      .filter(({ status }) => status === 401 || status === 403)
      .map(({ where, body }) => `${where}: ${body.code}`);
    expect(refused).toEqual([]);
    for (const { status } of replies) expect(status).toBeLessThan(500);
  });
});

const PROOF_TEXT = {
  none: 'none',
  own: 'own',
  session: 'session',
  recent: '**recent**',
} as const satisfies Record<Endpoint['proof'], string>;

function proofCell(endpoint: Endpoint): string {
  const parts: string[] = [PROOF_TEXT[endpoint.proof]];
  if (endpoint.carries) parts.push(`carries ${endpoint.carries}`);
  if (endpoint.recentIf) parts.push(`**recent** when ${endpoint.recentIf.when}`);
  return parts.join('; ');
}

function matrixMarkdown(): string {
  const sections = Object.entries(ENDPOINTS_BY_MODULE).flatMap(([module, endpoints]) => [
    `## ${module}`,
    '',
    '| Method | Path | Session | Staff need | Proof |',
    '|---|---|---|---|---|',
    ...Object.values(endpoints as Record<string, Endpoint>).map(
      (e) =>
        `| ${e.method} | \`${e.path}\` | ${e.auth === 'none' ? '—' : e.auth} | ${e.staff ?? '—'} | ${proofCell(e)} |`,
    ),
    '',
  ]);
  return [
    '# Security matrix',
    '',
    'Generated by `apps/server/src/lib/endpoint-proofs.test.ts` (`UPDATE_DOCS=1` rewrites it) from the endpoints',
    'declared in `packages/contract/src/endpoints`: for each, the session its guard needs (`auth`: player, admin,',
    'sales — an admin or a player whose role is admin — or none), what a staff member needs (`staff`, the role',
    'matrix in `docs/staff-roles.md`) and the proof it declares (docs/decisions/0063-proof-declared.md):',
    '',
    '- **none**: nothing to prove;',
    '- **own**: the request carries its own proof, checked by its handler (which one is named);',
    '- **session**: the live session is enough;',
    '- **recent**: a step-up of this session in the last 10 minutes, or its own sign-in in its first',
    '  `RECENT_SIGN_IN_SECONDS` (default 300); otherwise 403 `STEP_UP_REQUIRED`. Whatever outlives the session',
    '  needs it, for every request or for the requests named.',
    '',
    ...sections,
  ].join('\n');
}

describe('the security matrix', () => {
  it('is printed in docs/security-matrix.md', () => {
    if (process.env.UPDATE_DOCS) writeFileSync(DOC, matrixMarkdown());
    expect(readFileSync(DOC, 'utf8')).toBe(matrixMarkdown());
  });
});
