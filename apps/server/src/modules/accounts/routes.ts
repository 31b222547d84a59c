import { accountsEndpoints, isMfaRequired, TOO_MANY_REQUESTS_MESSAGE } from '@portal/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
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

  route(
    app,
    endpoints.register,
    async ({ body, reply }) => reply.status(201).send(await registerPlayer(app.ctx, body)),
    { config: limit('register'), preHandler: workPastThreshold('register-ip', 'register') },
  );

  route(
    app,
    endpoints.login,
    async ({ body, request, device }) => {
      const result = await signIn(app.ctx, body, device, clientInfo(request));
      if (isMfaRequired(result)) return result;
      return {
        message: 'Login Successfully!',
        user: result.user,
        isAuthenticated: true as const,
        token: result.token,
      };
    },
    { config: limit('login'), device: true },
  );

  // The second step of /login and social sign-in when two-step verification is on.
  route(
    app,
    endpoints.loginMfa,
    async ({ body, request, device }) => {
      const { token, user } = await completeSignIn(app.ctx, body, device, clientInfo(request));
      return { message: 'Login Successfully!', user, isAuthenticated: true as const, token };
    },
    { config: limit('login'), device: true },
  );

  // Idempotent: a missing or dead token still answers 200, so the /logout page never shows an error.
  route(app, endpoints.logout, async ({ request }) => {
    const token = bearerToken(request);
    if (token) {
      const session = await resolveSession(app.ctx, 'player', token);
      if (session) await revokeSession(app.ctx, session.id);
    }
    return { message: 'Logged out successfully.' };
  });

  route(app, endpoints.setStatus, async ({ params, body, session }) => {
    const user = await setAccountStatus(app.ctx, params.id, body.status, session);
    return {
      message:
        user.account_status === 'suspended' ? 'The player is suspended.' : 'The player is active again.',
      user,
    };
  });

  route(app, endpoints.userInfo, async () => ({ isAuthenticated: true as const }));

  route(app, endpoints.profile, async ({ session }) => ({
    user: await toProfileUser(app.ctx, session.subjectId),
  }));

  // A new launcher PIN needs a recent proof (the declaration's recentIf); an email change carries its own
  // proof (the current password, and the code with two-step on).
  route(
    app,
    endpoints.updateProfile,
    async ({ body, session, device }) => updateProfile(app.ctx, session.subjectId, body, device),
    { config: limit('profileUpdate'), device: true },
  );

  // The Security page's Change password: its proof travels with it (current password, and the code with
  // two-step on), like an email change (docs/decisions/0045-account-care.md).
  route(
    app,
    endpoints.changePassword,
    async ({ body, session, request, device }) =>
      changePassword(app.ctx, session, body, device, clientInfo(request)),
    { config: limit('passwordChange'), device: true },
  );

  // Caliber sets the launcher PIN, and the first password of an account without one: it needs a recent
  // proof (the declaration's recentIf), and the form's password is checked as well where there is one.
  route(
    app,
    endpoints.registerGame,
    async ({ body, session, device }) => registerForGame(app.ctx, session.subjectId, body, device),
    { config: limit('registerGame'), device: true },
  );

  route(
    app,
    endpoints.verifyEmail,
    async ({ params, request }) => verifyEmail(app.ctx, params.uuid, clientInfo(request)),
    { config: limit('verify') },
  );

  route(
    app,
    endpoints.cancelEmailChange,
    async ({ body, request }) => cancelEmailChange(app.ctx, body.token, clientInfo(request)),
    { config: limit('verify') },
  );

  route(app, endpoints.resendEmail, async ({ body }) => resendVerification(app.ctx, body), {
    config: limit('resend'),
    preHandler: workPastThreshold('email-ip', 'email'),
  });

  route(app, endpoints.forgotPassword, async ({ body }) => requestPasswordReset(app.ctx, body), {
    config: limit('forgot'),
    preHandler: workPastThreshold('email-ip', 'email'),
  });

  route(
    app,
    endpoints.resetPassword,
    async ({ body, request }) => resetPassword(app.ctx, body, clientInfo(request)),
    { config: limit('reset') },
  );

  // "Not you? Secure my account" from an alert email (decision 0049): no session; the link is the proof.
  route(
    app,
    endpoints.secureAccount,
    async ({ body, request }) => secureAccount(app.ctx, body.token, clientInfo(request)),
    { config: limit('reset') },
  );

  // The register page's 'ReferralVisit': counts a visit of a referral link. Unknown codes are ignored.
  route(
    app,
    endpoints.referralVisit,
    async ({ body }) => ({ counted: await countReferralVisit(app.ctx, body.referral_code) }),
    { config: limit('referralVisit') },
  );
};
