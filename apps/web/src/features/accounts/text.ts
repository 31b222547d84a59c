/**
 * Texts of the sign-in pages, kept free of zod so the /login chunk stays small. Each equals its
 * counterpart in @portal/contract (ACCOUNT_MESSAGES / MESSAGES); text.test.ts checks that.
 */
export const LOGIN_TEXT = {
  loginSuccess: 'Login Successfully!',
  loggedOut: 'Logged Out Successfully!',
  unexpected: 'An unexpected error occurred.',
  passwordsDoNotMatch: 'Passwords do not match.',
} as const;

/** Delays of the spec (section 9), in milliseconds. */
export const DELAYS = {
  loginRedirect: 1000,
  verificationRedirect: 2000,
  resetRedirect: 2000,
  profileBanner: 1000,
} as const;
