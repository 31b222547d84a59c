import { stepUpEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import { stepUp } from './service';

/** Per-IP ceiling, per minute; the password and code lockouts do the rest per account. */
const STEP_UP_RATE_LIMIT = 20;

/**
 * "Confirm it's you" (docs/decisions/0038-step-up.md): a player's and an admin's fresh proof for their
 * own session, the same route under two prefixes.
 */
export async function stepUpRoutes(app: FastifyInstance) {
  // Open to a staff member who must still set up two-step (ADMIN_MFA=required): the setup asks for it.
  const config = {
    twoStepSetup: true,
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? STEP_UP_RATE_LIMIT, timeWindow: '1 minute' },
  };
  for (const endpoint of [stepUpEndpoints.player, stepUpEndpoints.admin]) {
    route(
      app,
      endpoint,
      async ({ body, session, request, device }) =>
        stepUp(app.ctx, session, body, device, clientInfo(request)),
      { config, device: true },
    );
  }
}
