import {
  messageReplySchema,
  mfaStatusReplySchema,
  totpDisableRequestSchema,
  totpEnableReplySchema,
  totpEnableRequestSchema,
  totpSetupReplySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { disableTotp } from './disable';
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
export async function mfaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const audiences = [
    {
      prefix: '/api',
      guard: app.requirePlayer,
      subject: (request: FastifyRequest): MfaSubject => ({ kind: 'player', id: request.player!.subjectId }),
    },
    {
      prefix: '/api/admin',
      guard: app.requireAdmin,
      staff: 'own-account' as const,
      subject: (request: FastifyRequest): MfaSubject => ({ kind: 'admin', id: request.admin!.subjectId }),
    },
  ];
  const tags = ['mfa'];
  const config = {
    twoStepSetup: true,
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? CODE_RATE_LIMIT, timeWindow: '1 minute' },
  };

  for (const { prefix, guard, subject, staff } of audiences) {
    app.get(
      `${prefix}/mfa`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, response: { 200: mfaStatusReplySchema } },
      },
      async (request) => mfaStatus(app.ctx, subject(request)),
    );

    app.post(
      `${prefix}/mfa/totp/setup`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, response: { 200: totpSetupReplySchema } },
      },
      async (request) => startTotpSetup(app.ctx, subject(request)),
    );

    app.post(
      `${prefix}/mfa/totp/enable`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, body: totpEnableRequestSchema, response: { 200: totpEnableReplySchema } },
      },
      async (request) => enableTotp(app.ctx, subject(request), request.body.code, clientInfo(request)),
    );

    // New recovery codes outlive the session: a fresh step-up first (docs/decisions/0038-step-up.md).
    app.post(
      `${prefix}/mfa/recovery-codes`,
      {
        onRequest: [guard, app.requireStepUp],
        config: { ...config, staff },
        schema: { tags, response: { 200: totpEnableReplySchema } },
      },
      async (request) => renewRecoveryCodes(app.ctx, subject(request), clientInfo(request)),
    );

    // Carries its own proof (the password and a code), so it needs no separate step-up.
    app.post(
      `${prefix}/mfa/totp/disable`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, body: totpDisableRequestSchema, response: { 200: messageReplySchema } },
      },
      async (request) => disableTotp(app.ctx, subject(request), request.body, clientInfo(request)),
    );
  }
}
