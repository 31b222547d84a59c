import { ADMIN_MESSAGES, adminAuthEndpoints, isMfaRequired } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { endpointRoute } from '../../lib/endpoints';
import { completeAdminSignIn, findAdminById, loginAdmin, logoutAdmin, publicAdmin } from './service';

/** Per-IP ceiling on admin sign-in attempts; the per-account lockout does the rest. */
const ADMIN_LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = adminAuthEndpoints;
  const config = { rateLimit: ADMIN_LOGIN_RATE_LIMIT };

  app.route({
    ...endpointRoute(app, endpoints.login, { config }),
    handler: async (request, reply) => {
      const device = signInDevice(ctx, request);
      const result = await loginAdmin(ctx, request.body, clientInfo(request), device);
      device.writeCookie(reply);
      if (isMfaRequired(result)) return result;
      return { message: ADMIN_MESSAGES.loginSuccessful, ...result, adminAuthenticated: true as const };
    },
  });

  // The second step when the admin has two-step verification on.
  app.route({
    ...endpointRoute(app, endpoints.loginMfa, { config }),
    handler: async (request, reply) => {
      const device = signInDevice(ctx, request);
      const { token, admin } = await completeAdminSignIn(ctx, request.body, clientInfo(request), device);
      device.writeCookie(reply);
      return { message: ADMIN_MESSAGES.loginSuccessful, token, admin, adminAuthenticated: true as const };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.logout, { config: { twoStepSetup: true } }),
    handler: async (request) => {
      await logoutAdmin(ctx, request.admin!, request.ip);
      return { message: ADMIN_MESSAGES.loggedOut };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.me, { config: { twoStepSetup: true } }),
    handler: async (request) => {
      const admin = await findAdminById(ctx, request.admin!.subjectId);
      return { admin: publicAdmin(admin!) };
    },
  });
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a back-office route: it must answer 401 without a token and 403 for a player token. */
    admin?: boolean;
  }
}
