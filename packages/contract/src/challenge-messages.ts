/**
 * The code and texts of proof-of-work challenges (docs/decisions/0039-proof-of-work-throttles.md), without
 * zod, so the web's first page load can import them from `@portal/contract/constants`.
 */
export const CHALLENGE_REQUIRED_CODE = 'CHALLENGE_REQUIRED';

export const CHALLENGE_MESSAGES = {
  /** The 429 that carries a challenge. */
  required: 'Please wait while your browser is checked, then try again.',
  /** What the page shows (in a live region) while the browser solves it. */
  checking: 'Checking your browser…',
  /** The solver failed or took too long in the browser. */
  failed: 'Your browser could not be checked. Please try again.',
} as const;
