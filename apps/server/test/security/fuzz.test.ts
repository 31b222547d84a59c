/**
 * Hostile input against every endpoint of the OpenAPI document: malformed, oversized, wrongly typed and
 * injection-shaped input, with no session, a player session and an admin session. Never a 5xx; every 4xx
 * in the one error shape; a refused request changes no row. Prints how many requests each endpoint took.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createAdmin, createPlayer } from '../fixtures';

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 15);

/** Tables a refused request may legitimately write: failure counters, audit trails, session bookkeeping. */
const MAY_CHANGE_ON_REFUSAL = new Set([
  'access_tokens',
  'audit_log',
  'auth_failures',
  'email_outbox',
  '__drizzle_migrations',
]);

const injection = fc.constantFrom(
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  '\u0000\u202e',
  'x'.repeat(10_000),
);
const scalar = fc.oneof(
  injection,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(-1),
  fc.constant(1e308),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);
const protoPollution = fc.constant({
  __proto__: { admin: true },
  constructor: { prototype: { admin: true } },
});

interface Operation {
  method: string;
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

function operations(doc: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, spec] of Object.entries(methods)) {
      const op = spec as {
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        parameters?: { in: string; name: string }[];
      };
      ops.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return ops;
}

let t: TestApp;
let sessions: Record<'none' | 'player' | 'admin', Record<string, string>>;

/** One query over every watched table: row count and a hash of every row's text. */
let fingerprintSql = '';
async function fingerprint(): Promise<string> {
  const [row] = await t.database.query<{ f: string }>(fingerprintSql);
  return row?.f ?? '';
}

beforeAll(async () => {
  t = await buildTestApp();
  const player = await createPlayer(t.app.ctx, { games: ['caliber', 'talesrunner'] });
  const admin = await createAdmin(t.app.ctx);
  sessions = { none: {}, player: player.auth, admin: admin.auth };
  const tables = (
    await t.database.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public'`,
    )
  )
    .map((r) => r.tablename)
    .filter((name) => !MAY_CHANGE_ON_REFUSAL.has(name));
  fingerprintSql = `select concat_ws('|', ${tables
    .map((name) => `(select count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) from "${name}" x)`)
    .join(', ')}) as f`;
}, 120_000);
afterAll(() => t.close());

describe('hostile input on every endpoint', () => {
  it('never answers 5xx, always answers refusals in the error shape, and refusals change nothing', async () => {
    const ops = operations(t.app.swagger() as never).filter((op) => !op.path.startsWith('/dev'));
    expect(ops.length).toBeGreaterThan(0);
    const tried: Record<string, number> = {};
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      tried[key] = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'none' | 'player' | 'admin'>('none', 'player', 'admin'),
          fc.oneof(
            fc.record(
              Object.fromEntries(op.bodyKeys.map((k) => [k, value])) as Record<string, fc.Arbitrary<unknown>>,
            ),
            value,
            protoPollution,
            fc.constant('{"unterminated": '),
          ),
          fc.dictionary(
            fc.constantFrom(...op.queryKeys, 'page', 'x'),
            fc.oneof(injection, fc.string({ maxLength: 12 })),
            {
              maxKeys: 4,
            },
          ),
          fc.oneof(injection, fc.string({ minLength: 1, maxLength: 20 }), fc.uuid()),
          async (who, body, query, param) => {
            tried[key] = (tried[key] ?? 0) + 1;
            const url = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(param));
            const before = await fingerprint();
            const hasBody = !['GET', 'HEAD', 'DELETE'].includes(op.method);
            const res = await t.app.inject({
              method: op.method as 'GET',
              url,
              query,
              headers: { ...sessions[who], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
            });
            expect(
              res.statusCode,
              `${key} as ${who} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const parsed = res.json() as { message?: unknown; errors?: unknown };
              expect(typeof parsed.message, `${key} error body: ${res.body.slice(0, 200)}`).toBe('string');
              if (parsed.errors !== undefined) expect(typeof parsed.errors).toBe('object');
              expect(
                await fingerprint(),
                `${key} as ${who} changed rows while answering ${res.statusCode}`,
              ).toBe(before);
            }
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
      );
    }
    console.log(
      `fuzz: ${Object.values(tried).reduce((a, b) => a + b, 0)} requests over ${ops.length} endpoints\n${Object.entries(
        tried,
      )
        .map(([k, n]) => `  ${String(n).padStart(4)}  ${k}`)
        .join('\n')}`,
    );
  }, 600_000);
});
