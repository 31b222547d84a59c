import { z } from 'zod';
import { altchaPayloadSchema } from './challenge';
import { PRIVACY_MESSAGES } from './privacy-messages';

export * from './privacy-messages';

/**
 * POST /api/account/delete. `password` for accounts that have one, otherwise `email` typed out; `code` (TOTP
 * or recovery) too while two-step verification is on (422 `code` without it).
 */
export const accountDeleteRequestSchema = z.object({
  password: z.string({ message: PRIVACY_MESSAGES.passwordRequired }).max(1024).nullish(),
  email: z.string({ message: PRIVACY_MESSAGES.emailRequired }).max(255).nullish(),
  code: z.string({ message: 'The code must be text.' }).max(64, 'The code is too long.').nullish(),
  /** A solved proof-of-work challenge, when the password lockout asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type AccountDeleteRequest = z.input<typeof accountDeleteRequestSchema>;

export const accountDeleteReplySchema = z.object({
  message: z.string(),
  /** When the personal data is erased unless the player signs in first. */
  erasure_due: z.string(),
});

/** A pending deletion as staff see it on the player detail page. */
export const pendingDeletionSchema = z.object({ requested_at: z.string(), erasure_due: z.string() });
export type PendingDeletion = z.infer<typeof pendingDeletionSchema>;

/** GET /api/account/export: a JSON file of everything the portal holds on the player, stamped when it was made. */
export const accountExportSchema = z.looseObject({ exported_at: z.string() });
