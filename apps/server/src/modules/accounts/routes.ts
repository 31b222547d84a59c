import { accountsEndpoints, isMfaRequired, TOO_MANY_REQUESTS_MESSAGE } from '@portal/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { endpointRoute } from '../../lib/endpoints';
import { AppError, errorBody } from '../../lib/errors';
import { bearerToken } from '../../lib/guards';
import { type ChallengePurpose, requireWorkPastThreshold } from '../../lib/proof-of-work';
import { resolveSession, revokeSession } from '../../lib/sessions';
import { countReferralVisit } from '../referrals';
import { setAccountStatus } from './account-status';
import { cancelEmailChange } from './email-change';
import { requestPasswordReset, resendVerification } from './email-requests';
import { changePassword } from './password-change';
import { resetPassword } from './password-reset';
import { completeSignIn } from './player-sign-in';
import { registerForGame, updateProfile } from './profile';
import { toProfileUser } from './profile-user';
import { registerPlayer, verifyEmail } from './register';
import { secureAccount } from './secure-account';
import { signIn } from './sign-in';

/**
 * Per-IP limits of the auth endpoints, per minute. AUTH_RATE_LIMIT_MAX (configuration) replaces every
 * one of them, so a load test or the browser suite, which all come from 127.0.0.1, can raise them.
 */
const AUTH_RATE_LIMITS = {
  login: 10,
  register: 5,
  resend: 5,
  forgot: 5,
  reset: 10,
  verify: 20,
  registerGame: 10,
  profileUpdate: 30,
  passwordChange: 10,
  referralVisit: 30,
} as const;

/** The spec's clients read `error` on 401, 403, 404 and 400 replies; every error here carries it too. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const endpoints = accountsEndpoints;
  const limit = (name: keyof typeof AUTH_RATE_LIMITS) => ({
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? AUTH_RATE_LIMITS[name], timeWindow: '1 minute' },
  });
  // Past a per-address threshold, a solved proof-of-work challenge per request (decision 0039).
  const workPastThreshold =
    (scope: 'register-ip' | 'email-ip', purpose: ChallengePurpose) => (request: FastifyRequest) =>
      requireWorkPastThreshold(app.ctx, request, scope, purpose);
  app.setErrorHandler((error: FastifyError | AppError, _request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ...errorBody(error), error: error.message });
    }
    if ((error as FastifyError).statusCode === 429) {
      return reply.status(429).send({
        message: TOO_MANY_REQUESTS_MESSAGE,
        code: 'TOO_MANY_REQUESTS',
        error: TOO_MANY_REQUESTS_MESSAGE,
      });
    }
    throw error; // the app's handler: 422 for schema failures, 400 for bad JSON, 500 otherwise
  });

  app.route({
    ...endpointRoute(app, endpoints.register, { config: limit('register') }),
    preHandler: workPastThreshold('register-ip', 'register'),
    handler: async (request, reply) => reply.status(201).send(await registerPlayer(app.ctx, request.body)),
  });

  app.route({
    ...endpointRoute(app, endpoints.login, { config: limit('login') }),
    handler: async (request, reply) => {
      const device = signInDevice(app.ctx, request);
      const result = await signIn(app.ctx, request.body, device, clientInfo(request));
      device.writeCookie(reply);
      if (isMfaRequired(result)) return result;
      return {
        message: 'Login Successfully!',
        user: result.user,
        isAuthenticated: true as const,
        token: result.token,
      };
    },
  });

  // The second step of /login and social sign-in when two-step verification is on.
  app.route({
    ...endpointRoute(app, endpoints.loginMfa, { config: limit('login') }),
    handler: async (request, reply) => {
      const device = signInDevice(app.ctx, request);
      const { token, user } = await completeSignIn(app.ctx, request.body, device, clientInfo(request));
      device.writeCookie(reply);
      return { message: 'Login Successfully!', user, isAuthenticated: true as const, token };
    },
  });

  // Idempotent: a missing or dead token still answers 200, so the /logout page never shows an error.
  app.route({
    ...endpointRoute(app, endpoints.logout),
    handler: async (request) => {
      const token = bearerToken(request);
      if (token) {
        const session = await resolveSession(app.ctx, 'player', token);
        if (session) await revokeSession(app.ctx, session.id);
      }
      return { message: 'Logged out successfully.' };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.setStatus),
    handler: async (request) => {
      const user = await setAccountStatus(app.ctx, request.params.id, request.body.status, request.admin!);
      return {
        message:
          user.account_status === 'suspended' ? 'The player is suspended.' : 'The player is active again.',
        user,
      };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.userInfo),
    handler: async () => ({ isAuthenticated: true as const }),
  });

  app.route({
    ...endpointRoute(app, endpoints.profile),
    handler: async (request) => ({ user: await toProfileUser(app.ctx, request.player!.subjectId) }),
  });

  app.route({
    ...endpointRoute(app, endpoints.updateProfile, { config: limit('profileUpdate') }),
    // A new launcher PIN needs a recent proof (the declaration's recentIf); an email change carries its own
    // proof (the current password, and the code with two-step on).
    handler: async (request) =>
      updateProfile(app.ctx, request.player!.subjectId, request.body, signInDevice(app.ctx, request)),
  });

  // The Security page's Change password: its proof travels with it (current password, and the code with
  // two-step on), like an email change (docs/decisions/0045-account-care.md).
  app.route({
    ...endpointRoute(app, endpoints.changePassword, { config: limit('passwordChange') }),
    handler: async (request) =>
      changePassword(
        app.ctx,
        request.player!,
        request.body,
        signInDevice(app.ctx, request),
        clientInfo(request),
      ),
  });

  app.route({
    ...endpointRoute(app, endpoints.registerGame, { config: limit('registerGame') }),
    // Caliber sets the launcher PIN, and the first password of an account without one: it needs a recent
    // proof (the declaration's recentIf), and the form's password is checked as well where there is one.
    handler: async (request) =>
      registerForGame(app.ctx, request.player!.subjectId, request.body, signInDevice(app.ctx, request)),
  });

  app.route({
    ...endpointRoute(app, endpoints.verifyEmail, { config: limit('verify') }),
    handler: async (request) => verifyEmail(app.ctx, request.params.uuid, clientInfo(request)),
  });

  app.route({
    ...endpointRoute(app, endpoints.cancelEmailChange, { config: limit('verify') }),
    handler: async (request) => cancelEmailChange(app.ctx, request.body.token, clientInfo(request)),
  });

  app.route({
    ...endpointRoute(app, endpoints.resendEmail, { config: limit('resend') }),
    preHandler: workPastThreshold('email-ip', 'email'),
    handler: async (request) => resendVerification(app.ctx, request.body),
  });

  app.route({
    ...endpointRoute(app, endpoints.forgotPassword, { config: limit('forgot') }),
    preHandler: workPastThreshold('email-ip', 'email'),
    handler: async (request) => requestPasswordReset(app.ctx, request.body),
  });

  app.route({
    ...endpointRoute(app, endpoints.resetPassword, { config: limit('reset') }),
    handler: async (request) => resetPassword(app.ctx, request.body, clientInfo(request)),
  });

  // "Not you? Secure my account" from an alert email (decision 0049): no session; the link is the proof.
  app.route({
    ...endpointRoute(app, endpoints.secureAccount, { config: limit('reset') }),
    handler: async (request) => secureAccount(app.ctx, request.body.token, clientInfo(request)),
  });

  // The register page's 'ReferralVisit': counts a visit of a referral link. Unknown codes are ignored.
  app.route({
    ...endpointRoute(app, endpoints.referralVisit, { config: limit('referralVisit') }),
    handler: async (request) => ({ counted: await countReferralVisit(app.ctx, request.body.referral_code) }),
  });
};
