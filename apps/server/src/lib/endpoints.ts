import type { Endpoint, EndpointAuth } from '@portal/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { type SignInDevice, signInDevice } from './device-cookie';
import type { Session } from './sessions';

type Hook = onRequestAsyncHookHandler | ((request: FastifyRequest) => Promise<void>);

interface RouteExtras {
  /** Hooks before the session guard (a signed download link that stands in for the bearer token). */
  before?: Hook[];
  /** Hooks after it and after the recent-proof check. */
  after?: Hook[];
  /** A check of the validated request before the handler (after the declaration's `recentIf`). */
  preHandler?: (request: FastifyRequest) => Promise<void>;
  /** More route config (rate limits, `twoStepSetup`); the staff need and the proof come from the declaration. */
  config?: Omit<FastifyContextConfig, 'staff' | 'proof'>;
  /**
   * Documentation only (`hide`, `summary`, `description`), and more statuses answered with a reply schema
   * (`response`, beside the declared one): the request's shapes come from the declaration.
   */
  schema?: Pick<FastifySchema, 'hide' | 'summary' | 'description' | 'response'>;
  /** The largest body the route reads, in bytes, where the server's default is not enough. */
  bodyLimit?: number;
}

/** A part of the request as its declared schema parsed it: absent when undeclared, loose for a wide `Endpoint`. */
type Parsed<S> = [S] extends [z.ZodType] ? z.output<S> : [S] extends [undefined] ? undefined : unknown;

/** The session the guard its `auth` names has set: never null behind a guard, none for a public endpoint. */
type SessionOf<A extends EndpointAuth> = A extends 'none' ? undefined : Session;

/** What a route's handler gets, typed from its endpoint's declaration (and the device, when it asks for it). */
type RouteCall<E extends Endpoint, Device extends boolean> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  headers: [E['headers']] extends [z.ZodType] ? z.output<E['headers']> : FastifyRequest['headers'];
  session: SessionOf<E['auth']>;
  request: FastifyRequest;
  reply: FastifyReply;
} & (Device extends true ? { device: SignInDevice } : unknown);

/** What a handler answers: its declared reply (serialized through its schema), or the reply it sent itself. */
type RouteAnswer<E extends Endpoint> = [E['reply']] extends [z.ZodType]
  ? z.input<E['reply']> | FastifyReply
  : unknown;

/** Where each guard leaves its session (plugins/auth.ts decorates the request with them). */
const SESSION_OF: Record<EndpointAuth, (request: FastifyRequest) => Session | null | undefined> = {
  player: (request) => request.player,
  admin: (request) => request.admin,
  sales: (request) => request.salesViewer,
  none: () => undefined,
};

/**
 * The route options of a contract endpoint: its method, path and schemas, the session guard its `auth` names,
 * its staff need as the route's `config.staff` (enforced by the admin guard, read by the staff matrix) and
 * its proof as `config.proof`. The one place a recent proof is enforced (docs/decisions/0063-proof-declared.md):
 * `proof: 'recent'` adds the check right after the session guard, before the body is read; `recentIf` checks
 * the validated body before the handler.
 */
function routeOptions(app: FastifyInstance, endpoint: Endpoint, extras: RouteExtras) {
  const guard = {
    player: app.requirePlayer,
    admin: app.requireAdmin,
    sales: app.requireSalesViewer,
    none: null,
  }[endpoint.auth];
  const recent = endpoint.proof === 'recent' ? [app.requireRecentProof] : [];
  const onRequest = [...(extras.before ?? []), ...(guard ? [guard] : []), ...recent, ...(extras.after ?? [])];
  const { recentIf } = endpoint;
  const preHandler = [
    ...(recentIf
      ? [
          async (request: FastifyRequest) => {
            if (recentIf.test(request.body as never)) await app.requireRecentProof(request);
          },
        ]
      : []),
    ...(extras.preHandler ? [extras.preHandler] : []),
  ];
  const { response, ...documentation } = extras.schema ?? {};
  // Only the parts it declares: Fastify warns of a part that is present but undefined.
  const parts = {
    headers: endpoint.headers,
    params: endpoint.params,
    querystring: endpoint.query,
    body: endpoint.body,
    response: endpoint.reply
      ? { [endpoint.status ?? 200]: endpoint.reply, ...(response as object | undefined) }
      : undefined,
    tags: endpoint.tags ? [...endpoint.tags] : undefined,
    ...documentation,
  };
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)),
    config: {
      ...extras.config,
      ...(endpoint.staff ? { staff: endpoint.staff } : {}),
      proof: endpoint.proof,
    },
    ...(onRequest.length > 0 ? { onRequest: onRequest as onRequestAsyncHookHandler[] } : {}),
    ...(preHandler.length > 0 ? { preHandler: preHandler as preHandlerAsyncHookHandler[] } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
  };
}

/**
 * Serves a contract endpoint, the one way the server registers a route (decision 0074), with the options its
 * declaration gives (`routeOptions`). The handler gets the validated request parts and the session typed from
 * the declaration, never null behind a guard; with `device`, the sign-in device, whose cookie is written here.
 */
export function route<E extends Endpoint, Device extends boolean = false>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: RouteCall<E, Device>) => Promise<RouteAnswer<E>>,
  extras: RouteExtras & {
    /**
     * The handler gets the request's sign-in device (lib/device-cookie.ts), and the cookie of the account it
     * trusted (a successful sign-in) is written once the handler has succeeded.
     */
    device?: Device;
  } = {},
): void {
  const sessionOf = SESSION_OF[endpoint.auth];
  app.route({
    ...routeOptions(app, endpoint, extras),
    handler: async (request, reply) => {
      // Typed from the declaration: its schemas have validated the parts, and the guard its `auth` names has
      // set the session (or refused the request).
      const call = {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        session: sessionOf(request),
        request,
        reply,
      } as unknown as RouteCall<E, Device>;
      if (!extras.device) return handler(call);
      const device = signInDevice(app.ctx, request);
      const answer = await handler({ ...call, device });
      // Only once the handler has succeeded, as each sign-in route did: a refused sign-in renews no cookie.
      device.writeCookie(reply);
      return answer;
    },
  });
}
