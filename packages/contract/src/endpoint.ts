import type { z } from 'zod';
import { pathWith } from './pages';
import type { StaffCapability } from './staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Whose session a caller sends: a player's, a staff member's, either for the sales dashboard (an admin, or a
 * player whose role is 'admin'), or none (public endpoints, and those with their own proof: a game server's
 * key, a webhook signature, a signed download link).
 */
export type EndpointAuth = 'player' | 'admin' | 'sales' | 'none';

/** What a staff endpoint needs: a capability of the caller's role, or only a signed-in staff member. */
export type StaffNeed = StaffCapability | 'own-account';

/**
 * What a caller proves beyond the guard `auth` names (docs/decisions/0063-proof-declared.md):
 * - 'none': nothing (public reads, registration, the requests that only start a sign-in or send an email);
 * - 'own': the request carries its own proof, checked by its handler (`carries` says which: a password and
 *   code, an emailed link, a signature, a game server's key);
 * - 'session': the live session `auth` names is enough;
 * - 'recent': that session's recent proof, a step-up within STEP_UP_MINUTES or its own sign-in within the
 *   server's RECENT_SIGN_IN_SECONDS; without it 403 STEP_UP_REQUIRED. Whatever outlives the session needs it.
 */
export type EndpointProof = 'none' | 'own' | 'session' | 'recent';

/** The requests of an endpoint that need a recent proof though the endpoint does not: which, and their test. */
export interface RecentWhen {
  /** For people (the security matrix): "a new PIN is sent". */
  when: string;
  /** Reads the validated body; true when this request needs the recent proof. */
  test: (body: never) => boolean;
}

/**
 * One HTTP endpoint, declared once: the server registers its route from it (lib/endpoints.ts), the web's client
 * builds its URL and parses its reply with it (lib/api.ts), and the staff matrix reads its need.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's form: `:name` for a path parameter. */
  path: `/${string}`;
  auth: EndpointAuth;
  /** Staff endpoints only: what the caller's role must allow. */
  staff?: StaffNeed;
  /** What the caller proves (enforced where the route is registered, lib/endpoints.ts on the server). */
  proof: EndpointProof;
  /** The proof a request carries and its handler checks: required with 'own', a note for some requests otherwise. */
  carries?: string;
  /** Some requests need a recent proof where the endpoint's `proof` would not ask for it. */
  recentIf?: RecentWhen;
  /** Request headers a caller must send (a webhook's signature, a game server's key). */
  headers?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (200 unless said) and the schema of its reply; none for a file, a redirect or no body. */
  status?: number;
  reply?: z.ZodType;
  /** The OpenAPI document's groups. */
  tags?: readonly string[];
}

/** Declares an endpoint, keeping its literal types (the schemas' types reach the route and the client). */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/**
 * One part of a call's input: typed by the part's schema when the endpoint declares one, absent when it
 * declares none, and loose (`unknown`) where only the wide `Endpoint` type is known (a table's endpoint prop).
 */
type InputPart<S, K extends string, Required extends boolean> = [S] extends [z.ZodType]
  ? Required extends true
    ? { [P in K]: z.input<S> }
    : { [P in K]?: z.input<S> }
  : [S] extends [undefined]
    ? { [P in K]?: never }
    : { [P in K]?: unknown };

/** What a caller passes: the path parameters, the query and the body the endpoint declares, and nothing else. */
export type EndpointInput<E extends Endpoint> = InputPart<E['params'], 'params', true> &
  InputPart<E['query'], 'query', false> &
  InputPart<E['body'], 'body', true>;

/** What a caller gets back: the reply schema's output, or nothing for an endpoint without one. */
export type EndpointReply<E extends Endpoint> = E['reply'] extends z.ZodType
  ? z.output<E['reply']>
  : undefined;

/** The URL of a call: path parameters filled in (encoded), query parameters appended (empty ones left out). */
export const endpointUrl = (endpoint: Pick<Endpoint, 'path'>, params?: unknown, query?: unknown): string =>
  pathWith(endpoint.path, params, query);
