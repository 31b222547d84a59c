import { z } from 'zod';

/**
 * The `code`s an error body carries for clients to branch on (the server sends `code` only for these;
 * other refusals are told apart by status and message).
 */
export const API_ERROR_CODES = [
  /** A change that outlives the session needs a fresh proof (POST /api/step-up): decision 0038. */
  'STEP_UP_REQUIRED',
  /** Solve the `challenge` (proof of work) and repeat the request with `altcha`: decision 0039. */
  'CHALLENGE_REQUIRED',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The one error body every endpoint answers with. `errors` holds field-keyed messages on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(API_ERROR_CODES).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';
