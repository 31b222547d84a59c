import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorBody } from '@portal/contract';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';

/** A path segment that may be a secret (a verification or reset token in a page's path): long, random-looking. */
const SECRET_LIKE = /^[A-Za-z0-9_-]{16,}$/;

/**
 * What a request is logged as: its route's pattern, so parameters (where tokens travel, as in
 * /verifyemail/:uuid/:game) stay names; for the web app's pages, which no route matches, the path with
 * secret-looking segments masked. Never the query string: OAuth and launcher codes travel there.
 */
function loggedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = request.url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (SECRET_LIKE.test(segment) ? ':masked' : segment))
    .join('/');
}

/**
 * Fastify's request log lines, rewritten: one line per request instead of two ('incoming request' is
 * dropped), with the path as `loggedPath` gives it instead of the full URL.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      path: loggedPath(request),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Compares digests, so the comparison takes the same time whatever the length or content sent. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

export interface ObservabilityOptions {
  database: DatabaseHandle;
  /** Bearer token /metrics demands; without one, /metrics is open in development and absent in production. */
  metricsToken: string | undefined;
  production: boolean;
}

/** /healthz (process is up), /readyz (database answers), /metrics (Prometheus text). */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: ObservabilityOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, async () => ({ status: 'ok' }));
  app.get('/readyz', hide, async (_request, reply) => {
    try {
      await opts.database.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply
        .status(503)
        .send({ message: 'The database is not reachable.', code: 'SERVICE_UNAVAILABLE' } satisfies ErrorBody);
    }
  });
  // Metrics show routes, traffic and process data: production serves them only to the scraper's token.
  if (opts.production && !opts.metricsToken) return;
  const token = opts.metricsToken;
  app.get('/metrics', hide, async (request, reply) => {
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          message: 'Send the metrics token as a Bearer authorization.',
          code: 'UNAUTHENTICATED',
        } satisfies ErrorBody);
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
