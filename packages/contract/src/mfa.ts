import { z } from 'zod';
import { loginReplySchema } from './accounts';
import { altchaPayloadSchema } from './challenge';
import { launcherLoginReplySchema } from './game-login';

/**
 * Two-step verification (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) with single-use recovery codes
 * (docs/decisions/0031-two-step-verification.md). Players use `/api/mfa/...` with their token, admins the
 * same paths under `/api/admin/mfa/...` with the admin token.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Minutes an `mfa_token` from a password (or social) sign-in stays valid. */
export const MFA_TOKEN_TTL_MINUTES = 5;
/** The issuer shown by authenticator apps. */
export const TOTP_ISSUER = 'Portal';

/** A recovery code as shown: two groups of five lower-case letters and digits, e.g. `k3f9a-7qm2x`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const TOTP_CODE_PATTERN = /^\d{6}$/;

export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  codeOrRecoveryFormat:
    'Enter the 6-digit code from your authenticator app or a recovery code (xxxxx-xxxxx).',
  wrongCode: 'The code is not correct. Please try again.',
  tokenInvalid: 'Your sign-in took too long or was already completed. Please sign in again.',
  alreadyEnabled: 'Two-step verification is already on.',
  notEnabled: 'Two-step verification is not on.',
  noSetup: 'Start the setup first: scan the QR code, then enter a code.',
  enabled: 'Two-step verification is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-step verification is off.',
  lockedOut: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The admin guard's 403 while ADMIN_MFA=required and the admin has not turned TOTP on. */
  setupRequired: 'Set up two-step verification first.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'The password is incorrect.',
  recoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work.',
  /** Profile changes of email or password while TOTP is on (field `code`). */
  codeRequired: 'Enter a code from your authenticator app to confirm this change.',
} as const;

/** A fresh 6-digit TOTP code; spaces a user types in the middle are dropped. */
export const totpCodeSchema = z
  .string({ message: MFA_MESSAGES.codeFormat })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE_PATTERN, MFA_MESSAGES.codeFormat));

/** A TOTP code or a recovery code (trimmed, lower-cased, spaces dropped). */
export const mfaCodeSchema = z
  .string({ message: MFA_MESSAGES.codeOrRecoveryFormat })
  .max(64, MFA_MESSAGES.codeOrRecoveryFormat)
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .refine(
        (v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v),
        MFA_MESSAGES.codeOrRecoveryFormat,
      ),
  );

/** Whether a (parsed) code is a recovery code rather than a TOTP code. */
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code);

// GET /api/mfa ---------------------------------------------------------------------------------------
export const mfaStatusReplySchema = z.object({
  totp_enabled: z.boolean(),
  /** Unused recovery codes; 0 while TOTP is off. */
  recovery_codes_left: z.number().int(),
  /**
   * Admins only: true when ADMIN_MFA=required and this session may only set up two-step (every other admin
   * route answers 403): TOTP is off, or the session signed in before it was on (decision 0063).
   */
  setup_required: z.boolean(),
});
export type MfaStatusReply = z.infer<typeof mfaStatusReplySchema>;

// POST /api/mfa/totp/setup (no body) ------------------------------------------------------------------
/** 409 when TOTP is already on. A new setup replaces an unconfirmed one. */
export const totpSetupReplySchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/...`, drawn as a QR code on the page. */
  otpauth_url: z.string(),
});
export type TotpSetupReply = z.infer<typeof totpSetupReplySchema>;

// POST /api/mfa/totp/enable -------------------------------------------------------------------------
/** 409 without a setup or when already on; 422 for a wrong code. */
export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export type TotpEnableRequest = z.input<typeof totpEnableRequestSchema>;
export const totpEnableReplySchema = z.object({
  message: z.string(),
  /** Shown once; RECOVERY_CODE_COUNT codes, each accepted once in place of a TOTP code. */
  recovery_codes: z.array(z.string()),
});
export type TotpEnableReply = z.infer<typeof totpEnableReplySchema>;

// POST /api/mfa/totp/disable ------------------------------------------------------------------------
/** 409 when TOTP is off; 422 for a wrong password or code (field-keyed `errors`); 429 when locked. */
export const totpDisableRequestSchema = z.object({
  password: z
    .string({ message: MFA_MESSAGES.passwordRequired })
    .min(1, MFA_MESSAGES.passwordRequired)
    .max(1024, MFA_MESSAGES.passwordRequired),
  code: mfaCodeSchema,
  /** A solved proof-of-work challenge, when the password's lockout asked for one (429 CHALLENGE_REQUIRED). */
  altcha: altchaPayloadSchema,
});
export type TotpDisableRequest = z.input<typeof totpDisableRequestSchema>;
/** Reply: `{ message }`. */

// POST /api/mfa/recovery-codes (no body) -------------------------------------------------------------
/**
 * New recovery codes replacing every old one; needs a fresh step-up (403 STEP_UP_REQUIRED), 409 while TOTP
 * is off. Answers like enabling (`totpEnableReplySchema`): `{ message, recovery_codes }`, shown once.
 */

// Sign-in -------------------------------------------------------------------------------------------
/**
 * With TOTP on, `POST /login`, `POST /api/admin/login`, `POST /api/login-caliber` (instead of `{ data }`)
 * and the social `GET /api/get-user/{id}` answer 200 with this instead of a session.
 */
export const mfaRequiredReplySchema = z.object({
  mfa_required: z.literal(true),
  /** Single-use, MFA_TOKEN_TTL_MINUTES; bound to the account and the flow it came from. */
  mfa_token: z.string(),
});
export type MfaRequiredReply = z.infer<typeof mfaRequiredReplySchema>;

/** `POST /login/mfa` and `POST /api/admin/login/mfa`. */
export const mfaLoginRequestSchema = z.object({
  mfa_token: z
    .string({ message: MFA_MESSAGES.tokenInvalid })
    .min(1, MFA_MESSAGES.tokenInvalid)
    .max(200, MFA_MESSAGES.tokenInvalid),
  code: mfaCodeSchema,
});
export type MfaLoginRequest = z.input<typeof mfaLoginRequestSchema>;

/**
 * How each flow completes with `{ mfa_token, code }` (a token only completes the flow it came from):
 * `/login` and social sign-in → `POST /login/mfa`, answering the /login reply (it has every field of the
 * social `get-user` reply); the launcher → `POST /api/login-caliber/mfa`, answering its
 * `{ data: { redirectURL } }` (or `{ data: { errorMessage, errorCode } }` like the password step).
 * Errors: 401 for a bad, used, expired or other-flow token, 422 for a wrong code, 429 while locked.
 */
export const playerMfaLoginReplySchema = loginReplySchema;
export const launcherMfaLoginReplySchema = launcherLoginReplySchema;

export const launcherLoginOrMfaReplySchema = z.union([launcherLoginReplySchema, mfaRequiredReplySchema]);
export const playerLoginOrMfaReplySchema = z.union([loginReplySchema, mfaRequiredReplySchema]);

/** Whether a sign-in reply asks for the second step. */
export const isMfaRequired = (reply: object): reply is MfaRequiredReply =>
  (reply as Partial<MfaRequiredReply>).mfa_required === true;
