import { z } from 'zod';
import { NICKNAME_MAX, profileUserSchema } from './accounts';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from './validation';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_INTENTS = ['login', 'register'] as const;
export type SocialIntent = (typeof SOCIAL_INTENTS)[number];

/** GET /api/auth/{provider}?intent=login|register&game=caliber|talesrunner (both optional). */
export const socialStartQuerySchema = z.object({
  intent: z.enum(SOCIAL_INTENTS).catch('login').default('login'),
  game: z.enum(['caliber', 'talesrunner']).catch('caliber').default('caliber'),
});

/** `{provider}` of the social routes. */
export const socialProviderParamsSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { message: 'Unknown provider.' }),
});

/** GET /api/auth/{provider}/callback: the provider's answer (a code, or an error) with the signed state. */
export const socialCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(500).optional(),
});

/** The part of the signed `state` the web page reads (it is base64url JSON before the dot). */
export interface SocialStatePayload {
  p: SocialProvider;
  intent: SocialIntent;
  game: 'caliber' | 'talesrunner';
}

/** GET /api/get-user/{id}, bearer = the single-use exchange token from the /social-login URL. */
export const socialUserReplySchema = z.object({
  user: profileUserSchema,
  isAuthenticated: z.boolean(),
  /** A fresh player session token. */
  token: z.string(),
});
export type SocialUserReply = z.infer<typeof socialUserReplySchema>;
export const socialExchangeParamsSchema = z.object({ id: z.string().max(64) });

/** Why a provider round trip failed: `/login?social=error&reason=...`. */
export const SOCIAL_ERROR_REASONS = [
  'not_configured',
  'cancelled',
  'state',
  'provider',
  'no_email',
  'email_unverified',
  'suspended',
] as const;
export type SocialErrorReason = (typeof SOCIAL_ERROR_REASONS)[number];

export const SOCIAL_MESSAGES = {
  nicknameRequired: MESSAGES.nicknameRequired,
  passwordLength: MESSAGES.socialPasswordLength,
  passwordsMatch: MESSAGES.socialPasswordsMatch,
  passwordHint: MESSAGES.passwordHint,
  emailMismatch: 'The email does not match this account.',
  detailsFailed: 'Failed to register for Caliber.',
  invalidExchange: 'This sign-in link is not valid any more. Please sign in again.',
  reasons: {
    not_configured: 'This sign-in provider is not set up on this portal.',
    cancelled: 'The sign-in was cancelled.',
    state: 'The sign-in took too long or did not start here. Please try again.',
    provider: 'The provider could not confirm the sign-in. Please try again.',
    no_email: 'The provider did not share an email address, which the portal needs.',
    email_unverified:
      'An account with this email exists, but the provider has not verified the email. Sign in with your password instead.',
    suspended: 'This account is suspended. Please contact support.',
  } satisfies Record<SocialErrorReason, string>,
} as const;

/** PUT /api/register/details: the 'Set your game details' form. */
export const socialDetailsSchema = z
  .object({
    game: z.literal('caliber', { message: 'Only Caliber details can be set here.' }).default('caliber'),
    email: z.string({ message: SOCIAL_MESSAGES.emailMismatch }).trim().max(254),
    nickname: z
      .string({ message: MESSAGES.nicknameRequired })
      .trim()
      .min(1, MESSAGES.nicknameRequired)
      .max(NICKNAME_MAX, `The nickname may have at most ${NICKNAME_MAX} characters.`),
    pin: z.string({ message: MESSAGES.pin }).regex(/^\d{4}$/, MESSAGES.pin),
    password: z
      .string({ message: MESSAGES.socialPasswordLength })
      .min(PASSWORD_MIN, MESSAGES.socialPasswordLength)
      .max(PASSWORD_MAX, MESSAGES.passwordHint),
    confirmPassword: z
      .string({ message: MESSAGES.socialPasswordLength })
      .min(PASSWORD_MIN, MESSAGES.socialPasswordLength)
      .max(PASSWORD_MAX, MESSAGES.passwordHint),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.socialPasswordsMatch,
  });
export type SocialDetailsRequest = z.input<typeof socialDetailsSchema>;
