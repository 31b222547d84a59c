import { z } from 'zod';

/** Days between a deletion request and the erasure; a sign-in within them cancels it. */
export const ERASURE_DELAY_DAYS = 7;

export const PRIVACY_MESSAGES = {
  deletionRequested: `Your account will be deleted in ${ERASURE_DELAY_DAYS} days. Sign in before then to cancel.`,
  passwordRequired: 'Enter your password to delete your account.',
  passwordWrong: 'The password is incorrect.',
  /** Accounts without a password (social sign-in only) confirm by typing their email address. */
  emailRequired: 'Type your email address to confirm.',
  emailMismatch: 'That is not the email address of this account.',
  deletionCancelled: 'Your account deletion was cancelled because you signed in.',
  erased: "The player's personal data was erased.",
  alreadyErased: "This player's personal data has already been erased.",
} as const;

/** POST /api/account/delete. `password` for accounts that have one, otherwise `email` typed out. */
export const accountDeleteRequestSchema = z.object({
  password: z.string({ message: PRIVACY_MESSAGES.passwordRequired }).max(1024).nullish(),
  email: z.string({ message: PRIVACY_MESSAGES.emailRequired }).max(255).nullish(),
});

export const accountDeleteReplySchema = z.object({
  message: z.string(),
  /** When the personal data is erased unless the player signs in first. */
  erasure_due: z.string(),
});

/** A pending deletion as staff see it on the player detail page. */
export const pendingDeletionSchema = z.object({ requested_at: z.string(), erasure_due: z.string() });
export type PendingDeletion = z.infer<typeof pendingDeletionSchema>;
