/**
 * Hostile input against every endpoint of the OpenAPI document: malformed, oversized, wrongly typed and
 * injection-shaped input, full Unicode, control characters and lone surrogates, dates the database cannot
 * hold, forged page links, badly encoded paths. Bodies, queries and path parameters are built from each
 * operation's own schema, valid but for one hostile place, so the hostile value reaches the code behind
 * validation: first every text place in turn with its worst value, then random requests with no session, a
 * player session, a player whose role is admin and an admin session. Never a 5xx; every 4xx in the one error
 * shape; a refused request changes no row. Prints how many requests each endpoint took.
 */
import { API_ERROR_CODES } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../src/lib/sessions';
import { buildTestApp, type TestApp } from '../app';
import { createAdmin, createPlayer } from '../fixtures';

/** Random requests per endpoint, after the one request per text place. */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/**
 * Tables a refused request may legitimately write: failure counters, audit trails (the account's security
 * history records a wrong password at a step-up), session bookkeeping.
 */
const MAY_CHANGE_ON_REFUSAL = new Set([
  'access_tokens',
  'audit_log',
  'auth_failures',
  'email_outbox',
  'security_events',
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
  '=HYPERLINK("http://evil.test")',
);
/** NUL above all (PostgreSQL refuses it in text), then the other C0 controls, DEL and C1. */
const controlCharacter = fc
  .oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    fc.integer({ min: 1, max: 0x1f }),
    fc.constantFrom(0x7f, 0x85, 0x9f),
  )
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const veryLong = fc.constantFrom('x'.repeat(10_000), '😀'.repeat(3_000), `a${'\u0301'.repeat(2_000)}`);
/** Text a person could type (any script, emoji, combining marks) and text no one should send. */
const hostileText = fc.oneof(
  injection,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  {
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 6 }),
        fc.oneof(controlCharacter, loneSurrogate),
        fc.string({ maxLength: 6 }),
      )
      .map((parts) => parts.join('')),
    weight: 3,
  },
  veryLong,
);
/** Dates and instants outside what PostgreSQL stores, or not on the calendar at all. */
const hostileDate = fc.constantFrom(
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '-000001-01-01',
  '+275760-09-13',
  '1899-12-31',
  '2101-01-01',
  '2026-13-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '2026-02-30T00:00:00Z',
  '-000001-01-01T00:00:00Z',
);
const base64url = (text: string) => Buffer.from(text).toString('base64url');
/** Page links (`after` / `before`) that were never issued: impossible instants, bad ids, garbage. */
const hostileCursor = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        '2026-02-30T00:00:00',
        '2026-02-30T00:00:00Z',
        '0000-01-01T00:00:00',
        '9999-12-31T23:59:59.999999',
        '2026-01-01T25:61:00',
      ),
      fc.oneof(fc.uuid(), fc.constant('-'.repeat(36)), fc.string({ minLength: 36, maxLength: 36 })),
    )
    .map(([at, id]) => base64url(`${at}|${id}`)),
  fc.string({ unit: 'binary', maxLength: 60 }).map(base64url),
  fc.string({ maxLength: 30 }),
);
const junk = fc.oneof(
  hostileText,
  hostileDate,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(1e308),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
);
const protoPollution = fc.constant({
  __proto__: { admin: true },
  constructor: { prototype: { admin: true } },
});

interface JsonSchema {
  type?: string;
  format?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Marks the admin tables' `after` / `before` parameters, whose text is a page link. */
const PAGE_LINK = 'page-link';
/** One valid day for every date, so a range is never reversed by chance. */
const VALID_DAY = '2026-01-15';

/** A value the schema accepts (as far as JSON Schema tells). */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.default !== undefined) return fc.constant(schema.default);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(plausible));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, plausible(sub)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    case 'array':
      return fc.array(plausible(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'integer':
    case 'number': {
      const { minLength: min, maxLength: max } = atMostLongerBy(schema.minimum ?? 0, schema.maximum, 100);
      return fc.integer({ min, max });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date') return fc.constant(VALID_DAY);
      if (schema.format === 'date-time') return fc.constant(`${VALID_DAY}T08:30:00Z`);
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === PAGE_LINK) return fc.uuid().map((id) => base64url(`${VALID_DAY}T08:30:00|${id}`));
      // Room for the longest fixed-length pattern (a link token of 43 characters).
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: 64 });
      return fc.string(atMostLongerBy(schema.minLength ?? 0, schema.maxLength, 20));
    default:
      return junk;
  }
}

/** A small plausible range inside the schema's own: from its minimum to at most `span` above it. */
function atMostLongerBy(min: number, max: number | undefined, span: number) {
  return { minLength: min, maxLength: Math.min(max ?? min + span, min + span) };
}

/** Mostly hostile text; dates the database cannot hold; values of the wrong type. */
const hostile = fc.oneof({ arbitrary: hostileText, weight: 3 }, hostileDate, junk);

/**
 * A value the schema accepts except at one place, chosen at random, which is hostile: the rest of the
 * request passes validation, so the hostile value reaches whatever runs behind it.
 */
function oneHostile(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length > 0) {
    return fc
      .constantFrom(...properties.map(([key]) => key))
      .chain((target) =>
        fc.record(
          Object.fromEntries(
            properties.map(([key, sub]) => [key, key === target ? oneHostile(sub) : plausible(sub)]),
          ),
          { requiredKeys: [target, ...(schema.required ?? []).filter((key) => key !== target)] },
        ),
      );
  }
  if (schema.items) {
    return fc
      .tuple(fc.array(plausible(schema.items), { maxLength: 2 }), oneHostile(schema.items))
      .map(([valid, bad]) => [...valid, bad]);
  }
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(oneHostile));
  if (schema.format === PAGE_LINK) return hostileCursor;
  if (schema.format === 'date' || schema.format === 'date-time')
    return fc.oneof({ arbitrary: hostileDate, weight: 3 }, hostile);
  return hostile;
}

/** Mostly one hostile place in otherwise valid input, sometimes all valid. */
const input = (schema: JsonSchema) =>
  fc.oneof({ arbitrary: oneHostile(schema), weight: 4 }, { arbitrary: plausible(schema), weight: 1 });

type Path = (string | number)[];

/** Every place of a value of `schema` that holds text, with its schema. */
function textPlaces(schema: JsonSchema, path: Path = []): { path: Path; schema: JsonSchema }[] {
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, sub]) => textPlaces(sub, [...path, key]));
  if (schema.items) return textPlaces(schema.items, [...path, 0]);
  if (schema.anyOf) return textPlaces(schema.anyOf.find((option) => !option.enum) ?? schema.anyOf[0]!, path);
  return schema.type === 'string' || schema.type === undefined ? [{ path, schema }] : [];
}

/** `value` with `leaf` put at `path`, creating the objects and lists on the way. */
function withLeaf(value: unknown, path: Path, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = withLeaf(list[head], rest, leaf);
    return list;
  }
  const object = value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  object[head] = withLeaf(object[head], rest, leaf);
  return object;
}

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/** The value of each kind of place most likely to get past validation and break what is behind it. */
function worstFor(schema: JsonSchema): string {
  if (schema.format === PAGE_LINK) return base64url(`2026-02-30T00:00:00|${ZERO_UUID}`);
  if (schema.format === 'date') return '0000-01-01';
  if (schema.format === 'date-time') return '0000-01-01T00:00:00Z';
  return 'a\u0000b';
}

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  key: string;
  method: string;
  path: string;
  body: JsonSchema | undefined;
  /** The declared query parameters as one object; `required` lists none. */
  query: JsonSchema;
  params: JsonSchema;
}

/** Parameters as the schema of one object, so one of them at a time can be the hostile one. */
function parametersSchema(parameters: Parameter[], required: boolean): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((p) => [
        p.name,
        ['after', 'before'].includes(p.name) ? { type: 'string', format: PAGE_LINK } : (p.schema ?? {}),
      ]),
    ),
    required: required ? parameters.map((p) => p.name) : [],
  };
}

function operations(doc: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, spec] of Object.entries(methods)) {
      const op = spec as {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: Parameter[];
      };
      const parameters = op.parameters ?? [];
      const inPath = (path.match(/\{[^}]+\}/g) ?? []).map((segment) => segment.slice(1, -1));
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: parametersSchema(
          parameters.filter((p) => p.in === 'query'),
          false,
        ),
        params: parametersSchema(
          inPath.map(
            (name) => parameters.find((p) => p.in === 'path' && p.name === name) ?? { in: 'path', name },
          ),
          true,
        ),
      });
    }
  }
  return ops;
}

/** Any value as the text a client would send for it. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Query values travel as text; a list becomes a repeated key. */
function asQuery(values: unknown): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>).map(([key, v]) => [
      key,
      Array.isArray(v) ? v.map(asText) : asText(v),
    ]),
  );
}

/** The request path with its parameters encoded as a client encodes them. */
function pathOf(op: Operation, values: unknown): string {
  const params = values as Record<string, unknown>;
  // A lone surrogate cannot be percent-encoded; Buffer turns it into U+FFFD as a browser would.
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(Buffer.from(asText(params[name])).toString()),
  );
}

/** Paths with hostile parameters, or with one parameter encoded as the router must refuse. */
function paths(op: Operation): fc.Arbitrary<string> {
  const encoded = input(op.params).map((values) => pathOf(op, values));
  const names = Object.keys(op.params.properties ?? {});
  if (names.length === 0) return encoded;
  const mark = 'RAW-SEGMENT';
  const badEncoding = fc
    .tuple(
      plausible(op.params),
      fc.constantFrom(...names),
      fc.constantFrom('%ff', '%00', '%C0%80', '%ED%A0%80', '%2e%2e', 'a'.repeat(150)),
    )
    .map(([values, name, raw]) => pathOf(op, { ...(values as object), [name]: mark }).replace(mark, raw));
  return fc.oneof({ arbitrary: encoded, weight: 4 }, { arbitrary: badEncoding, weight: 1 });
}

type Who = 'none' | 'player' | 'salesPlayer' | 'admin';
interface Request {
  who: Who;
  body: unknown;
  query: Record<string, string | string[]>;
  url: string;
}

let t: TestApp;
let accounts: { player: string; salesPlayer: string; admin: string };
let sessions: Record<Who, Record<string, string>>;

/** New sessions for every role: an endpoint before (logout, a password change) may have ended them. */
async function freshSessions() {
  const bearer = async (kind: 'player' | 'admin', id: string) => ({
    authorization: `Bearer ${await issueSession(t.app.ctx, kind, id)}`,
  });
  sessions = {
    none: {},
    player: await bearer('player', accounts.player),
    salesPlayer: await bearer('player', accounts.salesPlayer),
    admin: await bearer('admin', accounts.admin),
  };
}

function send(op: Operation, { who, body, query, url }: Request) {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(op.method);
  return t.app.inject({
    method: op.method as 'GET',
    url,
    query,
    headers: { ...sessions[who], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

const sampleOf = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { numRuns: 1, seed: SEED })[0]!;

/**
 * One request for every text place of the endpoint (body field, query or path parameter): that place holds
 * its worst value (a NUL, year 0000, an impossible page link) and the rest is valid. Sent with the session
 * that gets furthest: a player whose role is admin (player routes, the sales dashboard), or else an admin.
 */
async function everyTextPlace(op: Operation): Promise<Request[]> {
  const body = op.body ? sampleOf(plausible(op.body)) : undefined;
  const query = sampleOf(plausible({ ...op.query, required: Object.keys(op.query.properties ?? {}) }));
  const params = sampleOf(plausible(op.params));
  const valid = { body, query: asQuery(query), url: pathOf(op, params) };
  const asPlayer = await send(op, { who: 'salesPlayer', ...valid });
  const who: Who = [401, 403].includes(asPlayer.statusCode) ? 'admin' : 'salesPlayer';
  return [
    ...(op.body ? textPlaces(op.body) : []).map(({ path, schema }) => ({
      ...valid,
      body: withLeaf(body, path, worstFor(schema)),
    })),
    ...textPlaces(op.query).map(({ path, schema }) => ({
      ...valid,
      query: asQuery(withLeaf(query, path, worstFor(schema))),
    })),
    ...textPlaces(op.params).map(({ path, schema }) => ({
      ...valid,
      url: pathOf(op, withLeaf(params, path, worstFor(schema))),
    })),
  ].map((request) => ({ who, ...request }));
}

/** One query over every watched table: row count and a hash of every row's text. */
let fingerprintSql = '';
async function fingerprint(): Promise<string> {
  const [row] = await t.database.query<{ f: string }>(fingerprintSql);
  return row?.f ?? '';
}

beforeAll(async () => {
  // Providers configured (at a closed port), so the sign-in routes run their code rather than the
  // "not configured" page.
  const nowhere = 'http://127.0.0.1:9';
  t = await buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'fuzz',
      GOOGLE_CLIENT_SECRET: 'fuzz',
      GOOGLE_ISSUER: nowhere,
      FACEBOOK_CLIENT_ID: 'fuzz',
      FACEBOOK_CLIENT_SECRET: 'fuzz',
      FACEBOOK_AUTH_URL: `${nowhere}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${nowhere}/oauth/access_token`,
      FACEBOOK_GRAPH_URL: nowhere,
    },
  });
  const games = ['caliber', 'talesrunner', 'yggdra'] as const;
  const player = await createPlayer(t.app.ctx, { games: [...games] });
  const salesPlayer = await createPlayer(t.app.ctx, { role: 'admin', games: [...games] });
  const admin = await createAdmin(t.app.ctx);
  accounts = { player: player.user.id, salesPlayer: salesPlayer.user.id, admin: admin.admin.id };
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
      tried[op.key] = 0;
      await freshSessions();
      const examples = (await everyTextPlace(op)).map((request): [Request] => [request]);
      const randomRequest = fc.record({
        who: fc.constantFrom<Who>('none', 'player', 'salesPlayer', 'admin'),
        body: op.body
          ? fc.oneof(
              { arbitrary: input(op.body), weight: 6 },
              junk,
              protoPollution,
              fc.constant('{"unterminated": '),
            )
          : junk,
        // `x`: a parameter no route declares.
        query: input({ ...op.query, properties: { ...op.query.properties, x: {} } }).map(asQuery),
        url: paths(op),
      });
      // The rows as the last refusal left them: unchanged by it, they are the next request's "before", and
      // not counted again (the fingerprint reads every row of every table; twice a request was most of the
      // test's time). After an answer that may write, and before each endpoint, they are counted anew.
      let afterRefusal: string | null = null;
      await fc.assert(
        fc.asyncProperty(randomRequest, async (request) => {
          const { key } = op;
          const { who } = request;
          tried[key] = (tried[key] ?? 0) + 1;
          const before = afterRefusal ?? (await fingerprint());
          afterRefusal = null;
          const res = await send(op, request);
          expect(
            res.statusCode,
            `${key} as ${who} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = res.json() as Record<string, unknown>;
            expect(typeof parsed.message, `${key} error body: ${res.body.slice(0, 200)}`).toBe('string');
            if (parsed.errors !== undefined) expect(typeof parsed.errors).toBe('object');
            // Fastify's own keys never leak (a `code` is only one of the contract's); `error` is the spec's
            // copy of the message on some routes.
            expect(parsed.statusCode, `${key} error body: ${res.body.slice(0, 200)}`).toBe(undefined);
            if (parsed.code !== undefined)
              expect(API_ERROR_CODES, `${key} error body: ${res.body.slice(0, 200)}`).toContain(parsed.code);
            if (parsed.error !== undefined) expect(parsed.error).toBe(parsed.message);
            const after = await fingerprint();
            expect(after, `${key} as ${who} changed rows while answering ${res.statusCode}`).toBe(before);
            afterRefusal = after;
          }
        }),
        { numRuns: examples.length + RUNS_PER_ENDPOINT, seed: SEED, examples },
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
