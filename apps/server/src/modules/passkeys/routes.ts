import { ADMIN_MESSAGES, PASSKEY_MESSAGES, passkeysEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import type { Session } from '../../lib/sessions';
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
export async function passkeyRoutes(app: FastifyInstance) {
  const endpoints = passkeysEndpoints;
  const audiences = [
    {
      owner: (session: Session): PasskeyOwner => ({ kind: 'player', id: session.subjectId }),
      list: endpoints.list,
      registerOptions: endpoints.registerOptions,
      registerVerify: endpoints.registerVerify,
      rename: endpoints.rename,
      remove: endpoints.remove,
    },
    {
      owner: (session: Session): PasskeyOwner => ({ kind: 'admin', id: session.subjectId }),
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
    route(
      app,
      audience.list,
      async ({ session }) => ({ passkeys: await listPasskeys(app.ctx, owner(session)) }),
      { config },
    );

    // Adding a passkey outlives the session (it signs in alone): both steps declare a recent proof.
    route(
      app,
      audience.registerOptions,
      async ({ session }) => startPasskeyRegistration(app.ctx, owner(session)),
      { config },
    );

    route(
      app,
      audience.registerVerify,
      async ({ body, session, request }) => ({
        message: PASSKEY_MESSAGES.added,
        passkey: await finishPasskeyRegistration(app.ctx, owner(session), body, clientInfo(request)),
      }),
      { config },
    );

    route(
      app,
      audience.rename,
      async ({ params, body, session }) => ({
        message: PASSKEY_MESSAGES.renamed,
        passkey: await renamePasskey(app.ctx, owner(session), params.id, body.name),
      }),
      { config },
    );

    route(
      app,
      audience.remove,
      async ({ params, session, request }) =>
        removePasskey(app.ctx, owner(session), params.id, clientInfo(request)),
      { config },
    );
  }

  for (const { endpoint, audience } of [
    { endpoint: endpoints.loginOptions, audience: 'player' as const },
    { endpoint: endpoints.adminLoginOptions, audience: 'admin' as const },
  ]) {
    route(app, endpoint, async () => startPasskeySignIn(app.ctx, audience), { config });
  }

  route(
    app,
    endpoints.loginVerify,
    async ({ body, request, device }) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'player', body, client);
      const { token, user } = await signInWithPasskey(app.ctx, owner.id, device, client);
      // A pending account deletion travels in `user.pending_deletion`, as with the password sign-in.
      return { message: 'Login Successfully!', user, isAuthenticated: true as const, token };
    },
    { config, device: true },
  );

  route(
    app,
    endpoints.adminLoginVerify,
    async ({ body, request, device }) => {
      const client = clientInfo(request);
      const owner = await verifyPasskeySignIn(app.ctx, 'admin', body, client);
      const result = await signInAdminWithPasskey(app.ctx, owner.id, client, device);
      return { message: ADMIN_MESSAGES.loginSuccessful, ...result, adminAuthenticated: true as const };
    },
    { config, device: true },
  );
}
