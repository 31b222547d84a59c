import {
  ADMIN_MESSAGES,
  adminLoginReplySchema,
  loginReplySchema,
  messageReplySchema,
  PASSKEY_MESSAGES,
  passkeyListReplySchema,
  passkeyLoginOptionsReplySchema,
  passkeyLoginRequestSchema,
  passkeyParamsSchema,
  passkeyRegisterOptionsReplySchema,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  passkeyReplySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { signInWithPasskey } from '../accounts';
import { signInAdminWithPasskey } from '../admin-auth';
import { listPasskeys } from './list';
import type { PasskeyOwner } from './owner';
import { finishPasskeyRegistration, startPasskeyRegistration } from './register';
import { removePasskey } from './remove';
import { renamePasskey } from './rename';
import { startPasskeySignIn, verifyPasskeySignIn } from './sign-in';

/** Per-IP ceiling on every passkey route, per minute. */
const PASSKEY_RATE_LIMIT = 20;

/**
 * A player's or an admin's own passkeys (the same routes under two prefixes), and sign-in with a passkey
 * alone, which answers each audience's normal sign-in reply (docs/decisions/0033-passkeys.md).
 */
export async function passkeyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const audiences = [
    {
      prefix: '/api',
      guard: app.requirePlayer,
      owner: (request: FastifyRequest): PasskeyOwner => ({ kind: 'player', id: request.player!.subjectId }),
    },
    {
      prefix: '/api/admin',
      guard: app.requireAdmin,
      staff: 'own-account' as const,
      owner: (request: FastifyRequest): PasskeyOwner => ({ kind: 'admin', id: request.admin!.subjectId }),
    },
  ];
  const tags = ['passkeys'];
  const config = {
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? PASSKEY_RATE_LIMIT, timeWindow: '1 minute' },
  };

  for (const { prefix, guard, owner, staff } of audiences) {
    app.get(
      `${prefix}/passkeys`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, response: { 200: passkeyListReplySchema } },
      },
      async (request) => ({ passkeys: await listPasskeys(app.ctx, owner(request)) }),
    );

    // Adding a passkey outlives the session (it signs in alone): both steps need a fresh step-up.
    app.post(
      `${prefix}/passkeys/register/options`,
      {
        onRequest: [guard, app.requireStepUp],
        config: { ...config, staff },
        schema: { tags, response: { 200: passkeyRegisterOptionsReplySchema } },
      },
      async (request) => startPasskeyRegistration(app.ctx, owner(request)),
    );

    app.post(
      `${prefix}/passkeys/register/verify`,
      {
        onRequest: [guard, app.requireStepUp],
        config: { ...config, staff },
        schema: { tags, body: passkeyRegisterRequestSchema, response: { 200: passkeyReplySchema } },
      },
      async (request) => ({
        message: PASSKEY_MESSAGES.added,
        passkey: await finishPasskeyRegistration(app.ctx, owner(request), request.body, clientInfo(request)),
      }),
    );

    app.patch(
      `${prefix}/passkeys/:id`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: {
          tags,
          params: passkeyParamsSchema,
          body: passkeyRenameRequestSchema,
          response: { 200: passkeyReplySchema },
        },
      },
      async (request) => ({
        message: PASSKEY_MESSAGES.renamed,
        passkey: await renamePasskey(app.ctx, owner(request), request.params.id, request.body.name),
      }),
    );

    app.delete(
      `${prefix}/passkeys/:id`,
      {
        onRequest: guard,
        config: { ...config, staff },
        schema: { tags, params: passkeyParamsSchema, response: { 200: messageReplySchema } },
      },
      async (request) => removePasskey(app.ctx, owner(request), request.params.id, clientInfo(request)),
    );
  }

  for (const { prefix, audience } of [
    { prefix: '/api', audience: 'player' as const },
    { prefix: '/api/admin', audience: 'admin' as const },
  ]) {
    app.post(
      `${prefix}/passkeys/login/options`,
      { config, schema: { tags, response: { 200: passkeyLoginOptionsReplySchema } } },
      async () => startPasskeySignIn(app.ctx, audience),
    );
  }

  app.post(
    '/api/passkeys/login/verify',
    { config, schema: { tags, body: passkeyLoginRequestSchema, response: { 200: loginReplySchema } } },
    async (request, reply) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'player', request.body, client);
      const device = signInDevice(app.ctx, request);
      const { token, user } = await signInWithPasskey(app.ctx, owner.id, device, client);
      device.writeCookie(reply);
      // A pending account deletion travels in `user.pending_deletion`, as with the password sign-in.
      return { message: 'Login Successfully!', user, isAuthenticated: true as const, token };
    },
  );

  app.post(
    '/api/admin/passkeys/login/verify',
    { config, schema: { tags, body: passkeyLoginRequestSchema, response: { 200: adminLoginReplySchema } } },
    async (request, reply) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'admin', request.body, client);
      const device = signInDevice(app.ctx, request);
      const result = await signInAdminWithPasskey(app.ctx, owner.id, client, device);
      device.writeCookie(reply);
      return { message: ADMIN_MESSAGES.loginSuccessful, ...result, adminAuthenticated: true as const };
    },
  );
}
