import { stepUpReplySchema, stepUpRequestSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { stepUp } from './service';

/** Per-IP ceiling, per minute; the password and code lockouts do the rest per account. */
const STEP_UP_RATE_LIMIT = 20;

/**
 * "Confirm it's you" (docs/decisions/0038-step-up.md): a player's and an admin's fresh proof for their
 * own session, the same route under two prefixes.
 */
export async function stepUpRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const audiences = [
    { prefix: '/api', guard: app.requirePlayer, session: (request: FastifyRequest) => request.player! },
    {
      prefix: '/api/admin',
      guard: app.requireAdmin,
      session: (request: FastifyRequest) => request.admin!,
      staff: 'own-account' as const,
    },
  ];
  const config = {
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? STEP_UP_RATE_LIMIT, timeWindow: '1 minute' },
  };
  for (const { prefix, guard, session, staff } of audiences) {
    app.post(
      `${prefix}/step-up`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags: ['step-up'], body: stepUpRequestSchema, response: { 200: stepUpReplySchema } },
      },
      async (request) =>
        stepUp(app.ctx, session(request), request.body, signInDevice(app.ctx, request), clientInfo(request)),
    );
  }
}
