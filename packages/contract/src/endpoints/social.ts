import { userReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { mfaRequiredReplySchema } from '../mfa';
import {
  socialCallbackQuerySchema,
  socialDetailsSchema,
  socialExchangeParamsSchema,
  socialProviderParamsSchema,
  socialStartQuerySchema,
  socialUserReplySchema,
} from '../social';
import { SOCIAL_START_PATH } from '../social-links';

const tags = ['social'] as const;

/** Google and Facebook sign-in (spec section 7). */
export const socialEndpoints = {
  /** Redirects to the provider (or a 503 page when it is not configured). */
  start: defineEndpoint({
    method: 'GET',
    path: SOCIAL_START_PATH,
    auth: 'none',
    proof: 'none',
    params: socialProviderParamsSchema,
    query: socialStartQuerySchema,
    tags,
  }),
  /** The provider's redirect back: on to /social-login, or /login?social=error&reason=…. */
  callback: defineEndpoint({
    method: 'GET',
    path: '/api/auth/:provider/callback',
    auth: 'none',
    proof: 'own',
    carries: "the provider's answer, bound to the browser by a cookie",
    params: socialProviderParamsSchema,
    query: socialCallbackQuerySchema,
    tags,
  }),
  /**
   * Trades the single-use exchange token from the /social-login URL (sent as the bearer: its own proof) for
   * the user and a session; with two-step verification on, for the code step's challenge instead.
   */
  exchange: defineEndpoint({
    method: 'GET',
    path: '/api/get-user/:id',
    auth: 'none',
    proof: 'own',
    carries: 'a one-time exchange token',
    params: socialExchangeParamsSchema,
    reply: socialUserReplySchema.or(mfaRequiredReplySchema),
    tags,
  }),
  /** 'Set your game details' after a social registration; this session ends with it. */
  saveDetails: defineEndpoint({
    method: 'PUT',
    path: '/api/register/details',
    auth: 'player',
    proof: 'recent',
    body: socialDetailsSchema,
    reply: userReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
