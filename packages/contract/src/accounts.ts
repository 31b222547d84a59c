import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { altchaPayloadSchema } from './challenge';
import { gameSchema, routeGameSchema } from './games';
import { calendarDate, EMAIL_PATTERN, MESSAGES, MOBILE_MAX } from './validation';

/**
 * Player accounts: register, verify, sign in, reset, profile and game registration (spec sections 2-9).
 * Request schemas are what the server parses (unknown fields are stripped, never stored); the web forms
 * use the same messages.
 */

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};

export const NAME_MAX = 255;
export const NICKNAME_MAX = 30;
export const TEXT_MAX = 255;

/** Where the server says a PIN is set; the hash itself never leaves the server. */
export const PIN_MASK = '****';

const requiredText = (max: number, message: string = MESSAGES.required) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string({ message: 'Must be text.' })
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A referral code as typed: letters, digits, dash and underscore. Empty means none. */
export const referralCodeInputSchema = z
  .string({ message: 'The referral code must be text.' })
  .trim()
  .max(64, 'The referral code is too long.')
  .regex(/^[A-Za-z0-9_-]*$/, ACCOUNT_MESSAGES.referralUnknown)
  .nullish()
  .transform((v) => (v ? v : null));

const passwordField = z
  .string({ message: MESSAGES.passwordHint })
  .min(1, MESSAGES.passwordHint)
  // The length bound (8-70) is checked by the server's password policy so that the message is the hint.
  .max(1024, MESSAGES.passwordHint);

// POST /register ------------------------------------------------------------------------------------
export const registerRequestSchema = z.object({
  name: requiredText(NAME_MAX),
  nickname: optionalText(NICKNAME_MAX),
  email: z
    .string({ message: MESSAGES.emailRequired })
    .trim()
    .max(254, 'The email address is too long.')
    .regex(EMAIL_PATTERN, MESSAGES.emailRequired),
  password: passwordField,
  password_confirmation: z.string({ message: MESSAGES.passwordsDoNotMatch }).max(1024).nullish(),
  confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }).max(1024).nullish(),
  pin: z
    .string({ message: MESSAGES.pin })
    .regex(/^(\d{4})?$/, MESSAGES.pin)
    .nullish()
    .transform((v) => (v ? v : null)),
  selectedGame: routeGameSchema,
  referralCode: referralCodeInputSchema,
  /** A solved proof-of-work challenge, when the server asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

// POST /login ---------------------------------------------------------------------------------------
export const loginRequestSchema = z.object({
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email address is too long.'),
  password: z
    .string({ message: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(1024, 'The password is too long.'),
  /** Optional: the game picked on the login page. Signing in with yggdra registers the account for Yggdra. */
  game: gameSchema.nullish(),
  /** A solved proof-of-work challenge, when the server asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

// The spec's User shape -----------------------------------------------------------------------------
export const profileUserSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  timeZone: z.string().nullable(),
  isp: z.string().nullable(),
  account_status: z.enum(['active', 'suspended']),
  created_at: z.string(),
  role: z.string(),
  /** The referral code the player registered with (or added on the profile). */
  referral_code: z.string().nullable(),
  /** Caliber nickname, when registered for Caliber. */
  nickname: z.string().nullable(),
  /** PIN_MASK when a Caliber PIN is set, else null. The PIN and its hash are never sent. */
  pin: z.string().nullable(),
  profile: z.object({
    gender: z.enum(GENDERS).nullable(),
    birthdate: z.string().nullable(),
    age: z.number().nullable(),
    occupation: z.string().nullable(),
  }),
  addresses: z.array(
    z.object({
      address1: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      country: z.string().nullable(),
    }),
  ),
  /** Every game the account has, Yggdra included (issue #27). */
  games: z.array(z.object({ id: z.string(), name: gameSchema, created_at: z.string() })),
  // Beyond the spec, for this portal's own pages:
  email_verified_at: z.string().nullable(),
  /** A new email address waiting for confirmation (edit profile). */
  pending_email: z.string().nullable(),
  /**
   * False for an account made by Google or Facebook sign-in that has not set a password yet: the Security
   * page offers to email it a link to set one instead of a change it cannot prove.
   */
  has_password: z.boolean(),
  /** The player's own referral codes, one per registered game. */
  my_referral_codes: z.array(z.object({ code: z.string(), game: gameSchema, url: z.string() })),
  /**
   * Set while a deletion the player asked for waits for its erasure (docs/decisions/0045-account-care.md):
   * a sign-in in that time succeeds and the web asks "Keep my account" or "Continue deletion".
   */
  pending_deletion: z.object({ erase_at: z.string() }).nullable().optional(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const loginReplySchema = z.object({
  message: z.string(),
  user: profileUserSchema,
  isAuthenticated: z.literal(true),
  token: z.string(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const profileReplySchema = z.object({ user: profileUserSchema });
export const userReplySchema = z.object({ user: profileUserSchema, message: z.string() });
export type UserReply = z.infer<typeof userReplySchema>;

export const userInfoReplySchema = z.object({ isAuthenticated: z.literal(true) });
export type UserInfoReply = z.infer<typeof userInfoReplySchema>;

// POST /resendEmail, /sendForgotPassword -------------------------------------------------------------
export const emailRequestSchema = z.object({
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254, 'The email address is too long.'),
  /** Optional: the game whose login page the link should lead back to. */
  game: routeGameSchema.nullish(),
  /** A solved proof-of-work challenge, when the server asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});

// POST /reset-password ------------------------------------------------------------------------------
export const resetPasswordRequestSchema = z.object({
  new_password: passwordField,
  new_password_confirmation: z
    .string({ message: MESSAGES.passwordsDoNotMatch })
    .max(1024, MESSAGES.passwordsDoNotMatch),
  token: z
    .string({ message: ACCOUNT_MESSAGES.resetLinkInvalid })
    .min(1, ACCOUNT_MESSAGES.resetLinkInvalid)
    .max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
});
export const resetPasswordReplySchema = z.object({ message: z.string(), game: routeGameSchema });

export const verifyEmailParamsSchema = z.object({
  uuid: z.string().min(1).max(200),
  game: z.string().max(40),
});
export type VerifyEmailParams = z.input<typeof verifyEmailParamsSchema>;
/** POST /verifyemail/{uuid}/{game} reply: the confirmation and the game whose login page comes next. */
export const verifyEmailReplySchema = z.object({ message: z.string(), game: z.string() });
export type VerifyEmailReply = z.infer<typeof verifyEmailReplySchema>;

// POST /api/email-change/cancel (not in the original spec: the old address's link undoes an email change) --
export const emailChangeCancelRequestSchema = z.object({
  token: z
    .string({ message: ACCOUNT_MESSAGES.emailChangeCancelInvalid })
    .min(1, ACCOUNT_MESSAGES.emailChangeCancelInvalid)
    .max(2000, ACCOUNT_MESSAGES.emailChangeCancelInvalid),
});
export type EmailChangeCancelRequest = z.input<typeof emailChangeCancelRequestSchema>;

// POST /api/account/secure -------------------------------------------------------------------------
/** "Not you? Secure my account" (decision 0049): the token of the alert's link, 43 URL-safe characters. */
export const secureAccountRequestSchema = z.object({
  token: z
    .string({ message: ACCOUNT_MESSAGES.secureLinkMalformed })
    .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.secureLinkMalformed),
});
export type SecureAccountRequest = z.input<typeof secureAccountRequestSchema>;
/** Every session ended; `reset_token` opens /reset-password/{reset_token}/{game} (valid 60 minutes). */
export const secureAccountReplySchema = z.object({
  message: z.string(),
  reset_token: z.string(),
  game: routeGameSchema,
});
export type SecureAccountReply = z.infer<typeof secureAccountReplySchema>;

// POST /profile/update ------------------------------------------------------------------------------
/** The two-step code that confirms a change (email, password): a TOTP or recovery code; the server checks its format. */
const changeCodeSchema = z
  .string({ message: 'The code must be text.' })
  .max(64, 'The code is too long.')
  .nullish()
  .transform((v) => v?.replace(/\s+/g, '').toLowerCase() || null);
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BIRTHDATE_RANGE = 'Enter a birthday between 1900 and today.';
// Up to a day ahead of UTC: somewhere on Earth it is already tomorrow.
const birthdateSchema = calendarDate({
  rangeMessage: BIRTHDATE_RANGE,
  latest: () => isoDay(Date.now() + DAY_MS),
});

export const profileUpdateRequestSchema = z.object({
  name: requiredText(NAME_MAX),
  email: z
    .string({ message: MESSAGES.emailRequired })
    .trim()
    .max(254, 'The email address is too long.')
    .regex(EMAIL_PATTERN, MESSAGES.emailRequired),
  phone_number: z
    .string({ message: 'Mobile number must be digits only, at most 20.' })
    .trim()
    .regex(new RegExp(`^\\d{0,${MOBILE_MAX}}$`), 'Mobile number must be digits only, at most 20.')
    .nullish()
    .transform((v) => (v ? v : null)),
  nickname: optionalText(NICKNAME_MAX),
  /** 4 digits to change the PIN; empty, null or PIN_MASK keeps it. */
  pin: z
    .string({ message: MESSAGES.pin })
    .regex(/^(\d{4}|\*{4})?$/, MESSAGES.pin)
    .nullish()
    .transform((v) => (v && /^\d{4}$/.test(v) ? v : null)),
  referral_code: referralCodeInputSchema,
  /** Needed when the email changes (not in the original spec; docs/decisions/0029-sensitive-changes.md). */
  current_password: z
    .string({ message: ACCOUNT_MESSAGES.currentPasswordRequired })
    .max(1024)
    .nullish()
    .transform((v) => v || null),
  /**
   * With two-step verification on, an email change also needs a code from the authenticator app or a
   * recovery code (docs/decisions/0031-two-step-verification.md); the server checks its format.
   */
  code: changeCodeSchema,
  profile: z
    .object({
      gender: z
        .union([z.enum(GENDERS, { message: 'Choose one of the gender options.' }), z.literal('')])
        .nullish()
        .transform((v) => (v ? v : null)),
      birthdate: z
        .union([birthdateSchema, z.literal('')])
        .nullish()
        .transform((v) => (v ? v : null)),
      occupation: optionalText(TEXT_MAX),
    })
    .nullish(),
  addresses: z
    .array(
      z.object({
        address1: optionalText(TEXT_MAX),
        city: optionalText(TEXT_MAX),
        province: optionalText(TEXT_MAX),
        country: optionalText(TEXT_MAX),
      }),
    )
    .max(5)
    .nullish(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

// POST /api/account/password (issue #27: the Security page's Change password; decision 0045) ----------
export const passwordChangeRequestSchema = z.object({
  current_password: z
    .string({ message: ACCOUNT_MESSAGES.passwordCurrentRequired })
    .min(1, ACCOUNT_MESSAGES.passwordCurrentRequired)
    .max(1024, ACCOUNT_MESSAGES.passwordCurrentRequired),
  password: passwordField,
  password_confirmation: z
    .string({ message: MESSAGES.passwordsDoNotMatch })
    .max(1024, MESSAGES.passwordsDoNotMatch),
  /** With two-step verification on: a code from the authenticator app or a recovery code. */
  code: changeCodeSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

// POST /profile/register-game -----------------------------------------------------------------------
export const registerGameRequestSchema = z.object({
  game: routeGameSchema,
  nickname: optionalText(NICKNAME_MAX),
  pin: z
    .string({ message: MESSAGES.pin })
    .regex(/^(\d{4})?$/, MESSAGES.pin)
    .nullish()
    .transform((v) => (v ? v : null)),
  password: z.string({ message: 'The password field is required.' }).max(1024).nullish(),
  /** A solved proof-of-work challenge, when the password lockout asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type RegisterGameRequest = z.input<typeof registerGameRequestSchema>;

// POST /api/referral-visit --------------------------------------------------------------------------
export const referralVisitRequestSchema = z.object({
  referral_code: z.string({ message: 'The referral code is required.' }).trim().min(1).max(64),
});
export type ReferralVisitRequest = z.input<typeof referralVisitRequestSchema>;
/** Whether the visit was counted (false for an unknown code, which is ignored). */
export const referralVisitReplySchema = z.object({ counted: z.boolean() });
export type ReferralVisitReply = z.infer<typeof referralVisitReplySchema>;

/** Admin action: suspend or reactivate a player (not in the original spec; see docs/accounts.md). */
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const accountStatusRequestSchema = z.object({
  status: z.enum(ACCOUNT_STATUSES, { message: 'The status must be active or suspended.' }),
});
export const accountStatusParamsSchema = z.object({ id: z.uuid({ message: 'Unknown player.' }) });
export const accountStatusReplySchema = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), account_status: z.enum(ACCOUNT_STATUSES) }),
});
export type AccountStatusRequest = z.input<typeof accountStatusRequestSchema>;
export type AccountStatusReply = z.infer<typeof accountStatusReplySchema>;
