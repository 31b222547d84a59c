/** Where the browser-test world listens. Kept apart from the default 3000 so a running portal does not clash. */
export const E2E = {
  portalPort: 3100,
  baseUrl: 'http://localhost:3100',
  smtpPort: 2526,
  mailReaderPort: 3199,
  /** Extra portal settings for the browser suite. */
  portalEnv: {} as Record<string, string>,
};
