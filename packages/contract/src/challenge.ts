import { z } from 'zod';

/**
 * Proof-of-work throttling (docs/decisions/0039-proof-of-work-throttles.md). Where the server would have
 * locked an untrusted client out (failed sign-ins on an account) or where one address sends many
 * registrations or emails, a refused request answers 429 `{ message, code: 'CHALLENGE_REQUIRED', challenge }`
 * with an ALTCHA challenge (the v2 format of `altcha-lib` 2 and the `altcha` 3 widget). The client solves it
 * and repeats the request with `altcha`: the base64 JSON payload `{ challenge, solution }`. A challenge is
 * good for one request, a few minutes.
 */
export { CHALLENGE_MESSAGES, CHALLENGE_REQUIRED_CODE } from './challenge-messages';

/** The solved payload a client repeats its request with: optional everywhere, checked only when asked for. */
export const altchaPayloadSchema = z
  .string({ message: 'The browser check must be text.' })
  .max(4000, 'The browser check is too long.')
  .nullish();

/** An ALTCHA v2 challenge as the server sends it (`parameters` signed by `signature`). */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
