import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { tooManyRequestsMessage } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { useAccountDirectory } from './lib/account-directory';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { createServiceContext, type ServiceContext } from './lib/context';
import { AppError } from './lib/errors';
import { createMailer, type Mailer } from './lib/mail/mailer';
import { libPersonalData, type PersonalDataRegistry } from './lib/personal-data';
import { carriesSignedWork } from './lib/proof-of-work';
import type { HostResolver } from './lib/public-address';
import { onPlayerSessionsEnded } from './lib/session-ends';
import { accountsPersonalData, playerAccounts, playerGameRegistrations } from './modules/accounts/index';
import { accountRoutes } from './modules/accounts/routes';
import { adminAuthPersonalData, staffAccounts } from './modules/admin-auth/index';
import { adminAuthRoutes } from './modules/admin-auth/routes';
import { adminUsersPersonalData } from './modules/admin-users/index';
import { adminUsersRoutes } from './modules/admin-users/routes';
import { analyticsPersonalData } from './modules/analytics/index';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditRoutes } from './modules/audit/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { devRoutes } from './modules/dev/routes';
import { developersPersonalData } from './modules/developers/index';
import { developersRoutes } from './modules/developers/routes';
import { emailBlastPersonalData } from './modules/email-blast/index';
import { emailBlastRoutes } from './modules/email-blast/routes';
import { gameSettingsRoutes } from './modules/entitlements/admin-routes';
import { entitlementsPersonalData } from './modules/entitlements/index';
import { entitlementsRoutes } from './modules/entitlements/routes';
import { eventsPersonalData } from './modules/events/index';
import { eventsRoutes } from './modules/events/routes';
import { forgetPinDevices, gameLoginPersonalData } from './modules/game-login/index';
import { gameLoginRoutes } from './modules/game-login/routes';
import { mfaPersonalData } from './modules/mfa/index';
import { mfaRoutes } from './modules/mfa/routes';
import { moderationPersonalData } from './modules/moderation/index';
import { moderationRoutes } from './modules/moderation/routes';
import { endPlayerGrants, oidcPersonalData } from './modules/oidc/index';
import { oidcRoutes } from './modules/oidc/routes';
import { ordersPersonalData } from './modules/orders/index';
import { ordersRoutes } from './modules/orders/routes';
import { passkeysPersonalData } from './modules/passkeys/index';
import { passkeyRoutes } from './modules/passkeys/routes';
import { paymentsPersonalData } from './modules/payments/index';
import { paymentsRoutes } from './modules/payments/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { referralsPersonalData } from './modules/referrals/index';
import { referralRoutes } from './modules/referrals/routes';
import { sdkRoutes } from './modules/sdk/routes';
import { securityPersonalData } from './modules/security/index';
import { securityRoutes } from './modules/security/routes';
import { createCatalogCache, shopPersonalData } from './modules/shop/index';
import { shopRoutes } from './modules/shop/routes';
import { signInPersonalData } from './modules/sign-in/index';
import { socialPersonalData } from './modules/social/index';
import { socialRoutes } from './modules/social/routes';
import { staffPersonalData } from './modules/staff/index';
import { staffRoutes } from './modules/staff/routes';
import { standingPersonalData } from './modules/standing/index';
import { standingRoutes } from './modules/standing/routes';
import { provePasswordOf } from './modules/step-up/index';
import { stepUpRoutes } from './modules/step-up/routes';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/errors';
import { AccessLogController, observabilityPlugin } from './plugins/observability';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { textGuardPlugin } from './plugins/text-guard';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  redis?: Redis;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  webDist?: string;
  /** Resolves host names for webhook deliveries (tests stand in a DNS of their own). */
  resolveHost?: HostResolver;
}

export type App = FastifyInstance & { ctx: ServiceContext };

/**
 * What every owner of tables holds about people (decision 0075): each module declares its own tables, lib
 * its own, and the privacy module exports and erases through this list, in this order: the export file's
 * sections as it shows them, and the erasure's steps.
 */
export const PERSONAL_DATA: PersonalDataRegistry = [
  // Before the account is anonymised: an account ban in force keeps the keyed hash of the address.
  standingPersonalData,
  accountsPersonalData,
  referralsPersonalData,
  ordersPersonalData,
  libPersonalData,
  securityPersonalData,
  mfaPersonalData,
  signInPersonalData,
  passkeysPersonalData,
  socialPersonalData,
  gameLoginPersonalData,
  shopPersonalData,
  developersPersonalData,
  entitlementsPersonalData,
  moderationPersonalData,
  analyticsPersonalData,
  eventsPersonalData,
  emailBlastPersonalData,
  staffPersonalData,
  adminAuthPersonalData,
  adminUsersPersonalData,
  oidcPersonalData,
  paymentsPersonalData,
];

/** Largest accepted request body; nothing the portal takes is bigger. */
const BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const headers = securityHeaders(config.NODE_ENV === 'production');
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One log line per request, without secrets in its path.
    logController: new AccessLogController(),
    // Refusals made before any route runs answer the one error shape and security headers too.
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrorHandler(headers),
    // An HTTP/1.1 request without a Host header is refused by the security headers' hook, with them and a
    // body; Node's own check answers a bare 400.
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    deps.mailer ??
    createMailer({
      db: database.db,
      clock,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      onError: (err, id) => app.log.warn({ err, emailId: id }, 'mail delivery failed; will retry'),
    });
  const ctx = createServiceContext({
    db: database.db,
    clock,
    config,
    mailer,
    ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
  });
  app.decorate('ctx', ctx);

  // First, so its onRoute hook sees every route the app registers.
  await app.register(authPlugin, { ctx });
  await app.register(errorHandlerPlugin);
  // Replies over 1 KB in brotli or gzip as the client accepts (never request bodies: webhooks are signed
  // over their raw bytes). Before the web plugin, whose precompressed files it then leaves alone; xlsx
  // downloads are zips, which mime-db marks incompressible, so they stream as they are.
  await app.register(compress, { globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(textGuardPlugin);
  await app.register(securityHeadersPlugin, { headers });
  await app.register(rateLimit, {
    global: false,
    // A request repeated with a solved challenge of ours (decision 0039) is counted apart from the tries
    // without one, so a challenge's round trip never uses up the try it pays for: a solved check is not
    // answered "Too many attempts". Reading the body for that, the limit counts once it is parsed.
    hook: 'preValidation',
    keyGenerator: async (request) =>
      (await carriesSignedWork(ctx, request.body)) ? `${request.ip} solved` : request.ip,
    // The refusal says how long to wait, as its Retry-After header does.
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', tooManyRequestsMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
    ...(deps.redis ? { redis: deps.redis, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Games Portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(observabilityPlugin, {
    database,
    metricsToken: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  });

  // What else ends when all of a player's sessions end (lib/sessions.ts calls them; lib/session-ends.ts).
  onPlayerSessionsEnded('oidc', endPlayerGrants);
  onPlayerSessionsEnded('launcher-pin', forgetPinDevices);
  // The accounts as lib and the modules below accounts and admin-auth read them (lib/account-directory.ts).
  useAccountDirectory({
    players: playerAccounts,
    playerGames: playerGameRegistrations,
    staff: staffAccounts,
  });

  // Feature modules: one register() each.
  await app.register(accountRoutes);
  await app.register(gameLoginRoutes);
  await app.register(developersRoutes);
  await app.register(sdkRoutes);
  await app.register(socialRoutes);
  await app.register(adminAuthRoutes);
  await app.register(securityRoutes);
  await app.register(privacyRoutes, { personalData: PERSONAL_DATA });
  // Turning two-step off proves the password through the sign-in pipeline, which depends on mfa: handed in.
  await app.register(mfaRoutes, { provePassword: provePasswordOf });
  await app.register(passkeyRoutes);
  await app.register(oidcRoutes);
  await app.register(stepUpRoutes);
  await app.register(adminUsersRoutes, { personalData: PERSONAL_DATA });
  await app.register(auditRoutes);
  await app.register(staffRoutes);
  await app.register(referralRoutes);
  await app.register(emailBlastRoutes);
  await app.register(eventsRoutes);
  await app.register(analyticsRoutes);
  // One catalog cache: the catalog endpoints and the shop pages the server renders (decision 0062) share it.
  const catalog = createCatalogCache(ctx);
  await app.register(shopRoutes, { catalog });
  await app.register(checkoutRoutes);
  await app.register(paymentsRoutes);
  await app.register(ordersRoutes);
  await app.register(entitlementsRoutes);
  await app.register(gameSettingsRoutes);
  await app.register(standingRoutes);
  await app.register(moderationRoutes);
  if (config.NODE_ENV !== 'production') await app.register(devRoutes);

  // The OpenAPI document maps every route: off in production unless API_DOCS=public.
  if (config.API_DOCS === 'public')
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await app.register(webPlugin, {
    webDist: deps.webDist,
    boot: { test_payments: config.testPayments },
    catalog,
  });
  return app as unknown as App;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
  }
}
