import { mfaEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { type SignInDevice, signInDevice } from '../../lib/device-cookie';
import { endpointRoute } from '../../lib/endpoints';
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
  base: FastifyInstance,
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
  const app = base.withTypeProvider<ZodTypeProvider>();
  const endpoints = mfaEndpoints;
  const audiences = [
    {
      subject: (request: FastifyRequest): MfaSubject => ({ kind: 'player', id: request.player!.subjectId }),
      status: endpoints.status,
      setup: endpoints.setup,
      enable: endpoints.enable,
      renewRecoveryCodes: endpoints.renewRecoveryCodes,
      disable: endpoints.disable,
    },
    {
      subject: (request: FastifyRequest): MfaSubject => ({ kind: 'admin', id: request.admin!.subjectId }),
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
    app.route({
      ...endpointRoute(app, audience.status, { config }),
      handler: async (request) => mfaStatus(app.ctx, subject(request), (request.admin ?? request.player)!),
    });

    app.route({
      ...endpointRoute(app, audience.setup, { config }),
      handler: async (request) => startTotpSetup(app.ctx, subject(request)),
    });

    app.route({
      ...endpointRoute(app, audience.enable, { config }),
      handler: async (request) =>
        enableTotp(app.ctx, subject(request), request.body.code, clientInfo(request)),
    });

    // Setup, enable and new recovery codes declare a recent proof: a second factor outlives the session.
    app.route({
      ...endpointRoute(app, audience.renewRecoveryCodes, { config }),
      handler: async (request) => renewRecoveryCodes(app.ctx, subject(request), clientInfo(request)),
    });

    // Carries its own proof (the password and a code), declared 'own'.
    app.route({
      ...endpointRoute(app, audience.disable, { config }),
      handler: async (request) =>
        disableTotp(app.ctx, subject(request), request.body, clientInfo(request), (who, password, refusals) =>
          options.provePassword(app.ctx, who, { password, device: signInDevice(app.ctx, request) }, refusals),
        ),
    });
  }
}
