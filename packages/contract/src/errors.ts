import { z } from 'zod';

/** The one error body every endpoint answers with. `errors` holds field-keyed messages on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';
