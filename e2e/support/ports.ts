/** Where the browser-test world listens. Kept apart from the default 3000 so a running portal does not clash. */
export const E2E = {
  portalPort: 3100,
  baseUrl: 'http://localhost:3100',
  smtpPort: 2526,
  mailReaderPort: 3199,
  /**
   * A second portal where staff must use two-step verification (ADMIN_MFA=required; the main one leaves it
   * optional, as development does), with one admin and no demo data: the forced-setup journey.
   */
  strictAdminPortal: {
    port: 3101,
    baseUrl: 'http://localhost:3101',
    admin: { email: 'staff@strict.test', password: 'Strict-Staff-2026', name: 'Strict Staff' },
  },
  /**
   * A third portal where a sign-in is never a recent proof by itself (RECENT_SIGN_IN_SECONDS=0, decision
   * 0063), with one owner and no demo data: every change that outlives the session asks "Confirm it's you"
   * there, as it does on any portal once a session is past its first five minutes, without a journey waiting
   * them out.
   */
  pastSignInPortal: {
    port: 3102,
    baseUrl: 'http://localhost:3102',
    admin: {
      email: 'owner@past-sign-in.test',
      password: 'Past-Sign-In-Owner-2026',
      name: 'Past Sign-In Owner',
    },
  },
  /** Extra portal settings for the browser suite. */
  portalEnv: {
    // Every browser request comes from 127.0.0.1: raise the per-IP auth limits (accounts module) for the suite.
    AUTH_RATE_LIMIT_MAX: '1000',
    // Specs register and ask for emails many times from 127.0.0.1: no proof of work for that (decision 0039).
    CHALLENGE_AFTER_REQUESTS: '1000',
    // The lockout journey's attackers come from addresses of their own (X-Forwarded-For).
    TRUST_PROXY: 'true',
  } as Record<string, string>,
};
