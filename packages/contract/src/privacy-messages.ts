/** Privacy request messages and the erasure delay (no zod: the login page shows one of them). */
/** Days between a deletion request and the erasure; signed in within them, the player may keep the account. */
export const ERASURE_DELAY_DAYS = 7;

export const PRIVACY_MESSAGES = {
  deletionRequested: `Your account will be deleted in ${ERASURE_DELAY_DAYS} days. Sign in before then to keep it.`,
  passwordRequired: 'Enter your password to delete your account.',
  passwordWrong: 'The password is incorrect.',
  /** Accounts without a password (social sign-in only) confirm by typing their email address. */
  emailRequired: 'Type your email address to confirm.',
  emailMismatch: 'That is not the email address of this account.',
  deletionCancelled: 'Your account deletion was cancelled. Your account stays as it was.',
  /** POST /api/account/delete/cancel when no deletion waits. */
  noDeletionPending: 'Your account is not waiting for deletion.',
  erased: "The player's personal data was erased.",
  alreadyErased: "This player's personal data has already been erased.",
  /** Staff erase only on the player's request; an owner may without one, giving a reason (issue #24). */
  notRequested:
    'This player has not asked to delete their account. Only an owner can erase it without a request, giving a reason.',
  reasonRequired: 'Say why you erase a player who has not asked for it.',
} as const;
