import { z } from 'zod';
import { mfaCodeSchema } from './mfa';
import { passkeyLoginRequestSchema } from './passkeys';

/**
 * Step-up ("confirm it's you", docs/decisions/0038-step-up.md): before a change that outlives the session
 * (adding a passkey, new recovery codes, setting the launcher PIN, staff changing their own security), the
 * person proves it again. The proof lasts STEP_UP_MINUTES for the session that made it, and only that one.
 * Without it those routes answer 403 `{ message, code: 'STEP_UP_REQUIRED' }`.
 */
export const STEP_UP_MINUTES = 10;

export const STEP_UP_MESSAGES = {
  /** The 403 of a route that needs a fresh proof. */
  required: 'Confirm it’s you to continue: enter your password again.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'The password is incorrect.',
  /** A passkey of another account (or of the other audience). */
  otherPasskey: 'This passkey belongs to another account.',
  /**
   * An account without a password (social sign-in only), two-step or passkey has nothing to prove it with:
   * it sets a password through the emailed reset link first.
   */
  noFactor:
    'Your account has no password yet. Use “Forgot password” on the sign-in page to set one by email, then try again.',
  confirmed: 'Thanks, it’s you. You can go ahead for the next 10 minutes.',
} as const;

// POST /api/step-up and POST /api/admin/step-up ------------------------------------------------------
/**
 * Either the password (plus `code` while two-step verification is on), or `passkey`: an assertion answering
 * a challenge from `POST /api/passkeys/login/options` (`/api/admin/passkeys/login/options` for staff), which
 * stands in for both. 422 for a missing or wrong password or code, 429 while locked out (the sign-in lockouts),
 * 409 for an account with nothing to prove it with.
 */
export const stepUpRequestSchema = z.object({
  password: z.string({ message: STEP_UP_MESSAGES.passwordRequired }).max(1024).nullish(),
  code: mfaCodeSchema.nullish(),
  passkey: passkeyLoginRequestSchema.nullish(),
});
export type StepUpRequest = z.input<typeof stepUpRequestSchema>;

/** `until`: when the proof runs out (ISO). */
export const stepUpReplySchema = z.object({ until: z.string() });
export type StepUpReply = z.infer<typeof stepUpReplySchema>;

/** Whether an error body is the step-up refusal (the web opens its confirm dialog on it). */
export const isStepUpRequired = (body: { code?: string } | null | undefined) =>
  body?.code === 'STEP_UP_REQUIRED';
