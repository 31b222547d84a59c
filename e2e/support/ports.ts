/** Where the browser-test world listens. Kept apart from the default 3000 so a running portal does not clash. */
export const E2E = {
  portalPort: 3100,
  baseUrl: 'http://localhost:3100',
  smtpPort: 2526,
  mailReaderPort: 3199,
  /** Extra portal settings for the browser suite. */
  portalEnv: {
    // Every browser request comes from 127.0.0.1: raise the per-IP auth limits (accounts module) for the suite.
    AUTH_RATE_LIMIT_MAX: '1000',
  } as Record<string, string>,
};
