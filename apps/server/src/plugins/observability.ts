import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';

/** /healthz (process is up), /readyz (database answers), /metrics (Prometheus text). */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
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
      return reply.status(503).send({ message: 'The database is not reachable.' });
    }
  });
  app.get('/metrics', hide, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
