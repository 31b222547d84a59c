import { z } from 'zod';

const DEV_SECRET = 'development-only-secret-do-not-use-in-production';

const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Games Portal <no-reply@portal.local>'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
    /** Unset means the built-in sandbox outside production; production must name a real provider. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'xsolla']).optional(),
    /** Lets a staging site run test payments (the sandbox, or Xsolla's sandbox mode) under NODE_ENV=production. */
    ALLOW_SANDBOX_PAYMENTS: bool.default(false),
    XSOLLA_MERCHANT_ID: z.string().optional(),
    XSOLLA_PROJECT_ID: z.string().optional(),
    XSOLLA_API_KEY: z.string().optional(),
    XSOLLA_WEBHOOK_SECRET: z.string().optional(),
    XSOLLA_API_URL: z.url().default('https://store.xsolla.com/api'),
    /** Xsolla's own test mode; unset means on outside production and off in production. */
    XSOLLA_SANDBOX: bool.optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
    /** Where the Caliber launcher login sends the player with a one-time code (custom scheme or http). */
    CALIBER_LAUNCHER_URL: z.url().default('caliber://login'),
    CALIBER_DEV_LAUNCHER_URL: z.url().default('caliber-dev://login'),
    /** Signs OAuth state, download links and other short-lived values. */
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seed demo data when the database is empty (npm start turns this on). */
    DEMO_SEED: bool.default(false),
    TRUST_PROXY: bool.default(false),
    /** Replaces every per-IP auth limit (per minute): load tests and the browser suite sign in a lot. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
    /**
     * Registrations, and forgot-password or resend emails, one address sends in a row (without a quiet hour)
     * before each needs a solved proof-of-work challenge (decision 0039); the browser suite raises it.
     */
    CHALLENGE_AFTER_REQUESTS: z.coerce.number().int().min(1).default(5),
    /**
     * The work a proof-of-work challenge asks (decision 0039): the highest counter a solver may have to reach,
     * each step one PBKDF2 derivation of 1,000 iterations; the counter is drawn from the upper half. 4,000 is
     * about a second in a phone's browser; the operator's to raise under attack. The server tests ask 40, so
     * their hundred solves check the same code without minutes of hashing (docs/testing.md).
     */
    CHALLENGE_WORK: z.coerce.number().int().min(2).max(1_000_000).default(4_000),
    /** Prefix of rate-limit keys in Redis, so several portals can share one Redis. */
    RATE_LIMIT_NAMESPACE: z.string().min(1).default('portal-rl:'),
    /** Bearer token Prometheus sends for /metrics; in production /metrics is 404 without one. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Whether admins must turn on two-step verification; unset means required in production only. */
    ADMIN_MFA: z.enum(['required', 'optional'], { message: 'must be required or optional' }).optional(),
    /**
     * How long a session's own sign-in counts as the recent proof that changes outliving the session ask
     * for (docs/decisions/0063-proof-declared.md), in seconds; 0: only a step-up counts.
     */
    RECENT_SIGN_IN_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
    /** Seconds a device waits between polls of the OpenID token endpoint (RFC 8628's 5 when unsaid). */
    DEVICE_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
    /** Seconds a game server has to answer a webhook before the attempt counts as failed and is retried. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    /** Whether /api/docs serves the OpenAPI document; unset means public outside production, off in it. */
    API_DOCS: z.enum(['public', 'off'], { message: 'must be public or off' }).optional(),
  })
  .superRefine((c, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.NODE_ENV === 'production') {
      // Production fails closed: nothing that lets a player pay with a test card, sign in with a published
      // password or lose mail silently.
      if (c.SECRET_KEY === DEV_SECRET) refuse('SECRET_KEY', 'must be set to a real secret in production');
      if (c.DEMO_SEED)
        refuse('DEMO_SEED', 'must not be true in production (demo accounts have published passwords)');
      if (!c.SMTP_URL)
        refuse('SMTP_URL', 'is required in production (without it no email is ever delivered)');
      if (!c.ALLOW_SANDBOX_PAYMENTS) {
        if (c.PAYMENT_PROVIDER !== 'xsolla')
          refuse(
            'PAYMENT_PROVIDER',
            'must be xsolla in production (the sandbox accepts public test cards; ALLOW_SANDBOX_PAYMENTS=true is for staging sites)',
          );
        else if (c.XSOLLA_SANDBOX)
          refuse(
            'XSOLLA_SANDBOX',
            'must be false in production (test payments; ALLOW_SANDBOX_PAYMENTS=true is for staging sites)',
          );
      }
    }
    if (c.PAYMENT_PROVIDER === 'xsolla') {
      for (const key of [
        'XSOLLA_MERCHANT_ID',
        'XSOLLA_PROJECT_ID',
        'XSOLLA_API_KEY',
        'XSOLLA_WEBHOOK_SECRET',
      ] as const) {
        if (!c[key]) refuse(key, 'is required when PAYMENT_PROVIDER=xsolla');
      }
    }
  })
  .transform((c) => {
    const PAYMENT_PROVIDER = c.PAYMENT_PROVIDER ?? 'sandbox';
    const XSOLLA_SANDBOX = c.XSOLLA_SANDBOX ?? c.NODE_ENV !== 'production';
    return {
      ...c,
      PAYMENT_PROVIDER,
      XSOLLA_SANDBOX,
      /** Payments take no real money: the built-in sandbox, or Xsolla in its sandbox mode. Shown to players. */
      testPayments: PAYMENT_PROVIDER === 'sandbox' || XSOLLA_SANDBOX,
      PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
      ADMIN_MFA: c.ADMIN_MFA ?? (c.NODE_ENV === 'production' ? 'required' : 'optional'),
      API_DOCS: c.API_DOCS ?? (c.NODE_ENV === 'production' ? 'off' : 'public'),
    };
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Parses the environment once. Empty strings count as unset. Throws a one-line error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.') || 'environment'} ${issue.message}`);
  }
  return result.data;
}

/** The effective mode, logged once at start so an operator sees what the process really runs. */
export function describeMode(config: Config) {
  return {
    environment: config.NODE_ENV,
    database: config.DATABASE_URL ? 'postgresql' : `embedded (PGlite in ${config.DATA_DIR})`,
    payments:
      config.PAYMENT_PROVIDER === 'sandbox'
        ? 'sandbox (test payments: no real money)'
        : config.XSOLLA_SANDBOX
          ? 'xsolla in sandbox mode (test payments: no real money)'
          : 'xsolla',
    mail: config.SMTP_URL ? 'smtp' : 'local outbox (/dev/mailbox)',
    rateLimits: config.REDIS_URL ? 'redis' : 'in-process memory',
    demoData: config.DEMO_SEED ? 'on' : 'off',
    adminTwoStep: config.ADMIN_MFA,
    apiDocs: config.API_DOCS,
    metrics: config.METRICS_TOKEN ? 'bearer token' : config.NODE_ENV === 'production' ? 'off' : 'open',
  };
}
