/** Delays of the account pages (spec section 9), in milliseconds. */
export const DELAYS = {
  loginRedirect: 1000,
  verificationRedirect: 2000,
  resetRedirect: 2000,
  profileBanner: 1000,
} as const;
