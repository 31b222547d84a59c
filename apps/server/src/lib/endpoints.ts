import type { Endpoint } from '@portal/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';

type Hook = onRequestAsyncHookHandler | ((request: FastifyRequest) => Promise<void>);

/** The route schema of an endpoint, typed from its declaration so handlers see its params, query and body. */
interface EndpointSchema<E extends Endpoint> {
  headers: E['headers'];
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['reply'] extends z.ZodType
    ? Record<E['status'] extends number ? E['status'] : 200, E['reply']>
    : undefined;
  tags: string[] | undefined;
}

interface RouteExtras {
  /** Hooks before the session guard (a signed download link that stands in for the bearer token). */
  before?: Hook[];
  /** Hooks after it and after the recent-proof check. */
  after?: Hook[];
  /** More route config (rate limits, `twoStepSetup`); the staff need and the proof come from the declaration. */
  config?: Omit<FastifyContextConfig, 'staff' | 'proof'>;
  /** Documentation only (`hide`, `summary`, `description`): the shapes come from the declaration. */
  schema?: Pick<FastifySchema, 'hide' | 'summary' | 'description'>;
}

/**
 * The route options of a contract endpoint, spread into `app.route({ ...endpointRoute(app, e), handler })`:
 * its method, path and schemas, the session guard its `auth` names, its staff need as the route's
 * `config.staff` (enforced by the admin guard, read by the staff matrix) and its proof as `config.proof`.
 * The one place a recent proof is enforced (docs/decisions/0063-proof-declared.md): `proof: 'recent'` adds
 * the check right after the session guard, before the body is read; `recentIf` checks the validated body
 * before the handler (the route must not set its own preHandler then).
 */
export function endpointRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras = {},
) {
  const guard = {
    player: app.requirePlayer,
    admin: app.requireAdmin,
    sales: app.requireSalesViewer,
    none: null,
  }[endpoint.auth];
  const recent = endpoint.proof === 'recent' ? [app.requireRecentProof] : [];
  const onRequest = [...(extras.before ?? []), ...(guard ? [guard] : []), ...recent, ...(extras.after ?? [])];
  const { recentIf } = endpoint;
  const preHandler = recentIf
    ? async (request: FastifyRequest) => {
        if (recentIf.test(request.body as never)) await app.requireRecentProof(request);
      }
    : undefined;
  // Only the parts it declares: Fastify warns of a part that is present but undefined.
  const parts = {
    headers: endpoint.headers,
    params: endpoint.params,
    querystring: endpoint.query,
    body: endpoint.body,
    response: endpoint.reply ? { [endpoint.status ?? 200]: endpoint.reply } : undefined,
    tags: endpoint.tags ? [...endpoint.tags] : undefined,
    ...extras.schema,
  };
  const schema = Object.fromEntries(
    Object.entries(parts).filter(([, part]) => part !== undefined),
  ) as unknown as EndpointSchema<E>;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: {
      ...extras.config,
      ...(endpoint.staff ? { staff: endpoint.staff } : {}),
      proof: endpoint.proof,
    },
    ...(onRequest.length > 0 ? { onRequest: onRequest as onRequestAsyncHookHandler[] } : {}),
    ...(preHandler ? { preHandler } : {}),
  };
}
