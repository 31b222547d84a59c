import { ADMIN_MESSAGES, adminAuthEndpoints, isMfaRequired } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import { completeAdminSignIn, findAdminById, loginAdmin, logoutAdmin, publicAdmin } from './service';

/** Per-IP ceiling on admin sign-in attempts; the per-account lockout does the rest. */
const ADMIN_LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = adminAuthEndpoints;
  const config = { rateLimit: ADMIN_LOGIN_RATE_LIMIT };

  route(
    app,
    endpoints.login,
    async ({ body, request, device }) => {
      const result = await loginAdmin(ctx, body, clientInfo(request), device);
      if (isMfaRequired(result)) return result;
      return { message: ADMIN_MESSAGES.loginSuccessful, ...result, adminAuthenticated: true as const };
    },
    { config, device: true },
  );

  // The second step when the admin has two-step verification on.
  route(
    app,
    endpoints.loginMfa,
    async ({ body, request, device }) => {
      const { token, admin } = await completeAdminSignIn(ctx, body, clientInfo(request), device);
      return { message: ADMIN_MESSAGES.loginSuccessful, token, admin, adminAuthenticated: true as const };
    },
    { config, device: true },
  );

  route(
    app,
    endpoints.logout,
    async ({ session, request }) => {
      await logoutAdmin(ctx, session, request.ip);
      return { message: ADMIN_MESSAGES.loggedOut };
    },
    { config: { twoStepSetup: true } },
  );

  route(
    app,
    endpoints.me,
    async ({ session }) => {
      const admin = await findAdminById(ctx, session.subjectId);
      return { admin: publicAdmin(admin!) };
    },
    { config: { twoStepSetup: true } },
  );
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a back-office route: it must answer 401 without a token and 403 for a player token. */
    admin?: boolean;
  }
}
