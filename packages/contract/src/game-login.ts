import { z } from 'zod';
import { altchaPayloadSchema } from './challenge';

/**
 * Caliber launcher login (spec section 7): POST /api/login-caliber and POST /api/login-pin-caliber answer
 * 200 `{ data: { redirectURL } }` or 200 `{ data: { errorMessage, errorCode } }` for credential problems
 * (with `standingToken` too when a sanction refuses),
 * 422 for malformed bodies, 429 when an IP sends too many attempts.
 */

/** `developer` as the launcher passes it along from the page query: true, 'true', '1' or 'yes'. */
export const developerFlagSchema = z
  .union([z.boolean(), z.string().max(10), z.number(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(true|1|yes|on)$/i.test(v.trim())));

export const launcherPasswordLoginSchema = z.object({
  email: z
    .string({ message: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254),
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
  developer: developerFlagSchema,
  /** A solved proof-of-work challenge, when the server asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type LauncherPasswordLogin = z.input<typeof launcherPasswordLoginSchema>;

export const launcherPinLoginSchema = z.object({
  /** The player's email or account uuid, as the launcher remembers it. */
  user: z
    .string({ message: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254),
  pin: z.string({ message: 'Enter your 4-digit PIN.' }).regex(/^\d{4}$/, 'Enter your 4-digit PIN.'),
  developer: developerFlagSchema,
});
export type LauncherPinLogin = z.input<typeof launcherPinLoginSchema>;

export const LAUNCHER_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'INVALID_PIN',
  'PIN_LOCKED',
  'PASSWORD_LOCKED',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_SANCTIONED',
  'NOT_REGISTERED_FOR_CALIBER',
  'NOT_A_DEVELOPER',
  'PIN_NOT_ON_THIS_DEVICE',
] as const;
export type LauncherErrorCode = (typeof LAUNCHER_ERROR_CODES)[number];

export const launcherLoginReplySchema = z.object({
  data: z.union([
    z.object({ redirectURL: z.string() }),
    z.object({
      errorMessage: z.string(),
      errorCode: z.enum(LAUNCHER_ERROR_CODES),
      /**
       * With ACCOUNT_SANCTIONED: the token that opens the standing page and the appeal for 30 minutes
       * (`/standing#token=…`), as the refusal of the portal's own sign-in hands it.
       */
      standingToken: z.string().optional(),
    }),
  ]),
});
export type LauncherLoginReply = z.infer<typeof launcherLoginReplySchema>;

/** Server-to-server: a game server trades a one-time launcher code for the player's identity. */
export const launcherExchangeSchema = z.object({
  code: z.string({ message: 'The code is required.' }).trim().min(1, 'The code is required.').max(200),
});
export const launcherExchangeReplySchema = z.object({
  data: z.object({
    uuid: z.string(),
    email: z.string(),
    nickname: z.string().nullable(),
    game: z.literal('caliber'),
    developer: z.boolean(),
    method: z.enum(['password', 'pin']),
  }),
});
export type LauncherExchangeReply = z.infer<typeof launcherExchangeReplySchema>;

/** Seconds a launcher code stays valid. */
export const LAUNCHER_CODE_TTL_SECONDS = 60;
export const PIN_LOCK_THRESHOLD = 5;
export const PIN_LOCK_MINUTES = 15;

export const LAUNCHER_MESSAGES = {
  invalidCredentials: 'The email or password is not correct.',
  invalidPin: (left: number) =>
    `The PIN is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before PIN sign-in is locked for ${PIN_LOCK_MINUTES} minutes.`,
  pinLocked: (minutes: number) =>
    `Too many wrong PINs. PIN sign-in for this account is locked for ${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}. Sign in with your email and password instead.`,
  passwordLocked: (minutes: number) =>
    `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  emailNotVerified: 'Please verify your email address first: open the link in the email we sent you.',
  suspended: 'This account is suspended. Please contact support.',
  notRegistered: 'This account is not registered for Caliber. Register for Caliber from your profile first.',
  notDeveloper:
    'This account is not a verified developer account. Developer builds need a developer account whose email link has been opened.',
  invalidCode: 'The code is not valid, has expired or was already used.',
  pinNotOnThisDevice:
    'PIN sign-in is not set up on this device. Sign in with your email and password once, then your PIN works here for 30 days.',
} as const;

/** Days a launcher's full sign-in (password, and the second step where it is on) lets its PIN unlock it. */
export const PIN_DEVICE_DAYS = 30;
