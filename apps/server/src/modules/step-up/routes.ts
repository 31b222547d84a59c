import { stepUpEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { endpointRoute } from '../../lib/endpoints';
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
    { endpoint: stepUpEndpoints.player, session: (request: FastifyRequest) => request.player! },
    { endpoint: stepUpEndpoints.admin, session: (request: FastifyRequest) => request.admin! },
  ];
  // Open to a staff member who must still set up two-step (ADMIN_MFA=required): the setup asks for it.
  const config = {
    twoStepSetup: true,
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? STEP_UP_RATE_LIMIT, timeWindow: '1 minute' },
  };
  for (const { endpoint, session } of audiences) {
    app.route({
      ...endpointRoute(app, endpoint, { config }),
      handler: async (request) =>
        stepUp(app.ctx, session(request), request.body, signInDevice(app.ctx, request), clientInfo(request)),
    });
  }
}
