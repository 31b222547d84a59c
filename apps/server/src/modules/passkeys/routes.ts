import { ADMIN_MESSAGES, PASSKEY_MESSAGES, passkeysEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { signInDevice } from '../../lib/device-cookie';
import { endpointRoute } from '../../lib/endpoints';
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
  const endpoints = passkeysEndpoints;
  const audiences = [
    {
      owner: (request: FastifyRequest): PasskeyOwner => ({ kind: 'player', id: request.player!.subjectId }),
      list: endpoints.list,
      registerOptions: endpoints.registerOptions,
      registerVerify: endpoints.registerVerify,
      rename: endpoints.rename,
      remove: endpoints.remove,
    },
    {
      owner: (request: FastifyRequest): PasskeyOwner => ({ kind: 'admin', id: request.admin!.subjectId }),
      list: endpoints.adminList,
      registerOptions: endpoints.adminRegisterOptions,
      registerVerify: endpoints.adminRegisterVerify,
      rename: endpoints.adminRename,
      remove: endpoints.adminRemove,
    },
  ];
  const config = {
    rateLimit: { max: app.ctx.config.AUTH_RATE_LIMIT_MAX ?? PASSKEY_RATE_LIMIT, timeWindow: '1 minute' },
  };

  for (const { owner, ...audience } of audiences) {
    app.route({
      ...endpointRoute(app, audience.list, { config }),
      handler: async (request) => ({ passkeys: await listPasskeys(app.ctx, owner(request)) }),
    });

    // Adding a passkey outlives the session (it signs in alone): both steps declare a recent proof.
    app.route({
      ...endpointRoute(app, audience.registerOptions, { config }),
      handler: async (request) => startPasskeyRegistration(app.ctx, owner(request)),
    });

    app.route({
      ...endpointRoute(app, audience.registerVerify, { config }),
      handler: async (request) => ({
        message: PASSKEY_MESSAGES.added,
        passkey: await finishPasskeyRegistration(app.ctx, owner(request), request.body, clientInfo(request)),
      }),
    });

    app.route({
      ...endpointRoute(app, audience.rename, { config }),
      handler: async (request) => ({
        message: PASSKEY_MESSAGES.renamed,
        passkey: await renamePasskey(app.ctx, owner(request), request.params.id, request.body.name),
      }),
    });

    app.route({
      ...endpointRoute(app, audience.remove, { config }),
      handler: async (request) =>
        removePasskey(app.ctx, owner(request), request.params.id, clientInfo(request)),
    });
  }

  for (const { endpoint, audience } of [
    { endpoint: endpoints.loginOptions, audience: 'player' as const },
    { endpoint: endpoints.adminLoginOptions, audience: 'admin' as const },
  ]) {
    app.route({
      ...endpointRoute(app, endpoint, { config }),
      handler: async () => startPasskeySignIn(app.ctx, audience),
    });
  }

  app.route({
    ...endpointRoute(app, endpoints.loginVerify, { config }),
    handler: async (request, reply) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'player', request.body, client);
      const device = signInDevice(app.ctx, request);
      const { token, user } = await signInWithPasskey(app.ctx, owner.id, device, client);
      device.writeCookie(reply);
      // A pending account deletion travels in `user.pending_deletion`, as with the password sign-in.
      return { message: 'Login Successfully!', user, isAuthenticated: true as const, token };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.adminLoginVerify, { config }),
    handler: async (request, reply) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'admin', request.body, client);
      const device = signInDevice(app.ctx, request);
      const result = await signInAdminWithPasskey(app.ctx, owner.id, client, device);
      device.writeCookie(reply);
      return { message: ADMIN_MESSAGES.loginSuccessful, ...result, adminAuthenticated: true as const };
    },
  });
}
