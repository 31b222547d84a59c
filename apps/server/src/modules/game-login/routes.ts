import { gameLoginEndpoints, isMfaRequired } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import { unauthenticated } from '../../lib/errors';
import { bearerToken } from '../../lib/guards';
import { verifyCaliberServerKey } from './server-key';
import {
  completeLauncherSignIn,
  exchangeLauncherCode,
  launcherPasswordLogin,
  launcherPinLogin,
} from './service';

/**
 * Caliber launcher login. Credential problems answer 200 `{ data: { errorMessage, errorCode } }` (the
 * launcher page shows errorMessage in a red banner); malformed bodies 422; too many attempts from one IP 429;
 * past an account's failures from untrusted clients, 429 `{ message, code: 'CHALLENGE_REQUIRED', challenge }`
 * (decision 0039). A successful password sign-in hands out the device token (`Device-Token` header, and the
 * device cookie) that PIN sign-in needs from then on.
 */
export async function gameLoginRoutes(app: FastifyInstance) {
  const endpoints = gameLoginEndpoints;

  route(
    app,
    endpoints.withPassword,
    async ({ body, request, device }) => {
      const data = await launcherPasswordLogin(app.ctx, body, clientInfo(request), device);
      // With two-step verification on: `{ mfa_required, mfa_token }`, completed at /api/login-caliber/mfa.
      return isMfaRequired(data) ? data : { data };
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, device: true },
  );

  route(
    app,
    endpoints.withMfa,
    async ({ body, request, device }) => {
      const data = await completeLauncherSignIn(app.ctx, body, clientInfo(request), device);
      return { data };
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, device: true },
  );

  route(
    app,
    endpoints.withPin,
    async ({ body, request, device }) => ({
      data: await launcherPinLogin(app.ctx, body, clientInfo(request), device),
    }),
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, device: true },
  );

  /** Server to server: `Authorization: Bearer <Caliber game server key>`. */
  route(
    app,
    endpoints.exchange,
    async ({ body }) => ({ data: await exchangeLauncherCode(app.ctx, body.code) }),
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      // After the body's validation, as before: a malformed body is a 422 whatever the key.
      preHandler: async (request) => {
        const key = bearerToken(request) ?? (request.headers['x-server-key'] as string | undefined);
        if (!key || !(await verifyCaliberServerKey(app.ctx, key)))
          throw unauthenticated('A valid Caliber game server key is required.');
      },
    },
  );
}
