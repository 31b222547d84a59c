import type { IncomingMessage } from 'node:http';
import { oidcEndpoints, PAGE_PATHS, pageHref } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import { AppError, errorBody } from '../../lib/errors';
import { UNSAFE_IN_TEXT, unsafeOidcRequest, unsafeTextPaths } from '../../lib/unsafe-text';
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  rotateClientSecret,
  updateClient,
} from './clients';
import { decideDevice, describeDevice, pollTooSoon } from './device';
import { listGrants, revokeGrant } from './grants';
import { consentToApp, describeInteraction, loginToApp } from './interactions';
import { createProvider, OIDC_PATH } from './provider';

/** Per-IP ceilings of the token and device endpoints and the device page's API, per minute. */
const TOKEN_RATE_LIMIT = 120;
const DEVICE_RATE_LIMIT = 30;
/** The provider reads bodies of at most 56 KB itself; the same ceiling here. */
const PROVIDER_BODY_LIMIT = 56 * 1024;

const OIDC_OFF = 'The OpenID Provider is off: it needs an https PUBLIC_URL in production.';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** The provider's resume addresses (`/auth/{uid}`, `/device/{uid}`): they read the interaction, never the query. */
const RESUME = /^\/oidc\/(?:auth|device)\/[^/?]+(?:\?|$)/;

/**
 * The fields of a form (or JSON) body sent to the provider that hold text no field takes (a NUL above all,
 * which PostgreSQL refuses): the global text guard sees parsed bodies only, and the provider's are raw bytes.
 */
function unsafeFormFields(body: unknown, contentType: string | undefined): string[] {
  if (!Buffer.isBuffer(body) || body.length === 0) return [];
  const text = body.toString('utf8');
  if (contentType?.includes('json')) {
    try {
      return unsafeTextPaths(JSON.parse(text), UNSAFE_IN_TEXT);
    } catch {
      return []; // the provider answers a body it cannot parse itself
    }
  }
  const found: string[] = [];
  for (const [key, value] of new URLSearchParams(text)) {
    if (UNSAFE_IN_TEXT.test(key) || UNSAFE_IN_TEXT.test(value))
      found.push(UNSAFE_IN_TEXT.test(key) ? '' : key);
  }
  return found;
}

/**
 * The OpenID Provider under /oidc (docs/oidc.md), the API of its pages (interaction, device), the player's
 * apps and the staff's app registry.
 */
export async function oidcRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const production = ctx.config.NODE_ENV === 'production';
  const secureIssuer = ctx.config.PUBLIC_URL.startsWith('https://');
  if (production && !secureIssuer) {
    // Fails closed: tokens for a plain-http issuer would travel in the clear.
    app.log.warn('OpenID Provider off: in production PUBLIC_URL must be an https address.');
  }
  const provider = production && !secureIssuer ? null : await createProvider(ctx);
  const needProvider = () => {
    if (!provider) throw new AppError('OIDC_OFF', OIDC_OFF);
    return provider;
  };
  const http = (request: FastifyRequest, reply: FastifyReply) => ({ req: request.raw, res: reply.raw });
  const handle = provider?.callback();
  const refuseUnsafe = (reply: FastifyReply, fields: string[]) => {
    const error = unsafeOidcRequest(fields.map((field) => field || 'body'));
    return reply.code(error.status).header('cache-control', 'no-store').send(errorBody(error));
  };

  // The provider itself: a raw Node handler. Bodies reach it as the bytes Fastify read (it parses them).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PROVIDER_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    const pass = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!handle) {
        throw new AppError('OIDC_OFF', OIDC_OFF);
      }
      const unsafe = unsafeFormFields(request.body, request.headers['content-type']);
      if (unsafe.length > 0) return refuseUnsafe(reply, unsafe);
      const raw = request.raw as IncomingMessage & { body?: unknown; originalUrl?: string };
      raw.body = request.body;
      raw.originalUrl = raw.url;
      // A resume address is the interaction's own: a query on it (a client_id) would make the provider's
      // error page look for parameters it never read (a 500 in oidc-provider 9).
      const url = request.method === 'GET' && RESUME.test(raw.url!) ? raw.url!.split('?')[0]! : raw.url!;
      raw.url = url.slice(OIDC_PATH.length) || '/';
      // The provider's own pages (sign-out, the self-submitting forms) post to itself and are then redirected
      // to the app's registered address, which browsers check against form-action: allow the app's origin.
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.raw.setHeader(
          'content-security-policy',
          csp.replace("form-action 'self'", "form-action 'self' https: http:"),
        );
      reply.hijack();
      handle(raw, reply.raw);
      return reply;
    };
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PATH}`,
      schema: { hide: true },
      handler: pass,
    });
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PATH}/*`,
      schema: { hide: true },
      handler: pass,
    });
    scope.post(
      `${OIDC_PATH}/token`,
      {
        schema: { hide: true },
        config: {
          rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? TOKEN_RATE_LIMIT, timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const unsafe = unsafeFormFields(request.body, request.headers['content-type']);
        if (unsafe.length > 0) return refuseUnsafe(reply, unsafe);
        const form = Buffer.isBuffer(request.body)
          ? new URLSearchParams(request.body.toString('utf8'))
          : null;
        const deviceCode = form?.get('grant_type') === DEVICE_GRANT ? form.get('device_code') : null;
        if (deviceCode && (await pollTooSoon(ctx, deviceCode))) {
          return reply.code(400).header('cache-control', 'no-store').send({
            error: 'slow_down',
            error_description: 'you are polling too quickly and should back off',
          });
        }
        return pass(request, reply);
      },
    );
    scope.post(
      `${OIDC_PATH}/device/auth`,
      {
        schema: { hide: true },
        config: {
          rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? DEVICE_RATE_LIMIT, timeWindow: '1 minute' },
        },
      },
      pass,
    );
  });

  // The well-known addresses at the root. The issuer is `{PUBLIC_URL}/oidc`, so its OpenID discovery is
  // `/oidc/.well-known/openid-configuration`; RFC 8414 3.1 puts its OAuth metadata at
  // `/.well-known/oauth-authorization-server/oidc`, served here as the same document. Every other
  // well-known address (the root's openid-configuration included) is a 404 in JSON, never the web app's page.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.get(
      '/.well-known/oauth-authorization-server/oidc',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!handle) throw new AppError('OIDC_OFF', OIDC_OFF);
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = `${OIDC_PATH}/.well-known/openid-configuration`;
        raw.url = '/.well-known/openid-configuration';
        reply.hijack();
        handle(raw, reply.raw);
        return reply;
      },
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/.well-known/*',
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply.code(404).send({ message: 'No such endpoint.', code: 'NOT_FOUND' }),
    });
  });

  const endpoints = oidcEndpoints;

  // The interaction: the provider sends the browser here (binding it with a cookie on this path); a browser
  // navigation goes on to the web page, which asks the same address for JSON.
  route(app, endpoints.interaction, async ({ params, headers, request, reply }) => {
    const navigation =
      headers['sec-fetch-mode'] === 'navigate' ||
      (!headers.accept?.includes('application/json') && headers.accept?.includes('text/html'));
    if (navigation) return reply.redirect(pageHref(PAGE_PATHS.authorize, { uid: params.uid }), 303);
    return describeInteraction(ctx, needProvider(), http(request, reply), params.uid);
  });

  route(app, endpoints.login, async ({ params, session, request, reply }) =>
    loginToApp(ctx, needProvider(), http(request, reply), params.uid, session, clientInfo(request)),
  );

  route(app, endpoints.consent, async ({ params, body, session, request, reply }) =>
    consentToApp(ctx, needProvider(), http(request, reply), params.uid, session, body.approve),
  );

  const deviceConfig = {
    rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? DEVICE_RATE_LIMIT, timeWindow: '1 minute' },
  };
  route(
    app,
    endpoints.device,
    async ({ body, session }) => describeDevice(ctx, needProvider(), body.user_code, session),
    { config: deviceConfig },
  );

  route(
    app,
    endpoints.deviceDecision,
    async ({ body, session, request }) =>
      decideDevice(ctx, needProvider(), body, session, clientInfo(request)),
    { config: deviceConfig },
  );

  route(app, endpoints.grants, async ({ session }) => listGrants(ctx, session));

  route(app, endpoints.revokeGrant, async ({ params, session, request }) =>
    revokeGrant(ctx, session, params.id, clientInfo(request)),
  );

  // Staff: the apps (owners: apps.manage).
  route(app, endpoints.clients, async () => listClients(ctx));
  route(app, endpoints.createClient, async ({ body, session, request, reply }) =>
    reply.code(201).send(await createClient(ctx, body, session, { ip: request.ip })),
  );
  route(app, endpoints.client, async ({ params }) => getClient(ctx, params.id));
  route(app, endpoints.updateClient, async ({ params, body, session, request }) =>
    updateClient(ctx, params.id, body, session, request.ip),
  );
  route(app, endpoints.deleteClient, async ({ params, session, request }) =>
    deleteClient(ctx, params.id, session, request.ip),
  );
  route(app, endpoints.rotateClientSecret, async ({ params, session, request }) =>
    rotateClientSecret(ctx, params.id, session, request.ip),
  );
}
