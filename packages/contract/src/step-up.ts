import { z } from 'zod';
import { altchaPayloadSchema } from './challenge';
import { mfaCodeSchema } from './mfa';
import { passkeyLoginRequestSchema } from './passkeys';
import { STEP_UP_MESSAGES } from './step-up-messages';

/**
 * Step-up ("confirm it's you", docs/decisions/0038-step-up.md): before a change that outlives the session
 * (adding a passkey, new recovery codes, setting the launcher PIN, staff changing their own security), the
 * person proves it again. The proof lasts STEP_UP_MINUTES for the session that made it, and only that one.
 * Without it those routes answer 403 `{ message, code: 'STEP_UP_REQUIRED' }`.
 */
export { STEP_UP_MESSAGES, STEP_UP_MINUTES, STEP_UP_REQUIRED_CODE } from './step-up-messages';

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
  /** A solved proof-of-work challenge, when the password lockout asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type StepUpRequest = z.input<typeof stepUpRequestSchema>;

/** `until`: when the proof runs out (ISO). */
export const stepUpReplySchema = z.object({ until: z.string() });
export type StepUpReply = z.infer<typeof stepUpReplySchema>;
