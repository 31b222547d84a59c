/**
 * Step-up ("confirm it's you", docs/decisions/0038-step-up.md): the code and texts without zod, so the web's
 * API client on the first page load can import them from `@portal/contract/constants`.
 */
export const STEP_UP_REQUIRED_CODE = 'STEP_UP_REQUIRED';

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
   * a new sign-in with its provider is a recent proof for a few minutes (decision 0063), or it sets a
   * password through the emailed reset link first.
   */
  noFactor:
    'Your account has no password yet. Sign in again with Google or Facebook and try again right away, or use “Forgot password” on the sign-in page to set one by email.',
  confirmed: 'Thanks, it’s you. You can go ahead for the next 10 minutes.',
} as const;
