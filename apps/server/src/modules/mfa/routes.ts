import { mfaEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { route } from '../../lib/endpoints';
import type { Session } from '../../lib/sessions';
import { disableTotp, type PasswordProof } from './disable';
import { enableTotp } from './enable';
import { renewRecoveryCodes } from './recovery-codes';
import { startTotpSetup } from './setup';
import { mfaStatus } from './status';
import type { MfaSubject } from './subject';

/** Per-IP ceiling on the code-checking routes, per minute; the 'mfa' lockout does the rest per account. */
const CODE_RATE_LIMIT = 20;

/**
 * A player's or an admin's own two-step verification: the same routes under two prefixes. The admin ones
 * stay open while ADMIN_MFA=required keeps an admin without TOTP to setting it up (`twoStepSetup`).
 */
export async function mfaRoutes(
  app: FastifyInstance,
  options: {
    /** The sign-in pipeline's proof of a password (composition: step-up's `provePasswordOf`). */
    provePassword: (
      ctx: ServiceContext,
      subject: MfaSubject,
      input: { password: string; device: SignInDevice },
      refusals: Parameters<PasswordProof>[2],
    ) => Promise<void>;
  },
) {
  const endpoints = mfaEndpoints;
  const audiences = [
    {
      subject: (session: Session): MfaSubject => ({ kind: 'player', id: session.subjectId }),
      status: endpoints.status,
      setup: endpoints.setup,
      enable: endpoints.enable,
      renewRecoveryCodes: endpoints.renewRecoveryCodes,
      disable: endpoints.disable,
    },
    {
      subject: (session: Session): MfaSubject => ({ kind: 'admin', id: session.subjectId }),
      status: endpoints.adminStatus,
      setup: endpoints.adminSetup,
      enable: endpoints.adminEnable,
      renewRecoveryCodes: endpoints.adminRenewRecoveryCodes,
      disable: endpoints.adminDisable,
    },
  ];
  const config = {
    twoStepSetup: true,
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? CODE_RATE_LIMIT, timeWindow: '1 minute' },
  };

  for (const { subject, ...audience } of audiences) {
    route(app, audience.status, async ({ session }) => mfaStatus(app.ctx, subject(session), session), {
      config,
    });

    route(app, audience.setup, async ({ session }) => startTotpSetup(app.ctx, subject(session)), { config });

    route(
      app,
      audience.enable,
      async ({ body, session, request }) =>
        enableTotp(app.ctx, subject(session), body.code, clientInfo(request)),
      { config },
    );

    // Setup, enable and new recovery codes declare a recent proof: a second factor outlives the session.
    route(
      app,
      audience.renewRecoveryCodes,
      async ({ session, request }) => renewRecoveryCodes(app.ctx, subject(session), clientInfo(request)),
      { config },
    );

    // Carries its own proof (the password and a code), declared 'own'.
    route(
      app,
      audience.disable,
      async ({ body, session, request, device }) =>
        disableTotp(app.ctx, subject(session), body, clientInfo(request), (who, password, refusals) =>
          options.provePassword(app.ctx, who, { password, device }, refusals),
        ),
      { config, device: true },
    );
  }
}
