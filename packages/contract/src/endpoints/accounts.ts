import {
  accountStatusParamsSchema,
  accountStatusReplySchema,
  accountStatusRequestSchema,
  emailChangeCancelRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  messageReplySchema,
  passwordChangeRequestSchema,
  profileReplySchema,
  profileUpdateRequestSchema,
  referralVisitReplySchema,
  referralVisitRequestSchema,
  registerGameRequestSchema,
  registerRequestSchema,
  resetPasswordReplySchema,
  resetPasswordRequestSchema,
  secureAccountReplySchema,
  secureAccountRequestSchema,
  userInfoReplySchema,
  userReplySchema,
  verifyEmailParamsSchema,
  verifyEmailReplySchema,
} from '../accounts';
import { altchaPayloadSchema } from '../challenge';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { FIRST_REQUEST_PATHS } from '../first-requests';
import { mfaLoginRequestSchema, playerLoginOrMfaReplySchema, playerMfaLoginReplySchema } from '../mfa';

const tags = ['accounts'] as const;
const adminUsersTags = ['admin-users'] as const;

/** Player registration, sign-in, profile and the emailed links (spec section 7). */
export const accountsEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    auth: 'none',
    proof: 'none',
    body: registerRequestSchema,
    status: 201,
    reply: messageReplySchema,
    tags: tags,
  }),
  /** With two-step verification on, the reply asks for the code step (`loginMfa`) instead. */
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    auth: 'none',
    proof: 'own',
    carries: 'the email and password',
    body: loginRequestSchema,
    reply: playerLoginOrMfaReplySchema,
    tags: tags,
  }),
  /** The second step of `login` and of a social sign-in when two-step verification is on. */
  loginMfa: defineEndpoint({
    method: 'POST',
    path: '/login/mfa',
    auth: 'none',
    proof: 'own',
    carries: "the sign-in's first step and a code",
    body: mfaLoginRequestSchema,
    reply: playerMfaLoginReplySchema,
    tags: tags,
  }),
  /** Revokes the bearer's session; idempotent, so a missing or dead token still answers 200. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    auth: 'none',
    proof: 'none',
    reply: messageReplySchema,
    tags: tags,
  }),
  /** Suspends a player or makes them active again. */
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/status',
    auth: 'admin',
    staff: 'players.act',
    proof: 'recent',
    params: accountStatusParamsSchema,
    body: accountStatusRequestSchema,
    reply: accountStatusReplySchema,
    tags: adminUsersTags,
  }),
  /** 200 while the player's session is alive. */
  userInfo: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.userInfo,
    auth: 'player',
    proof: 'session',
    reply: userInfoReplySchema,
    tags: tags,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.profile,
    auth: 'player',
    proof: 'session',
    reply: profileReplySchema,
    tags: tags,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/profile/update',
    auth: 'player',
    proof: 'session',
    carries: 'for an email change, the current password (and a code with two-step on)',
    recentIf: {
      when: 'a new launcher PIN is sent',
      test: (body: { pin: string | null }) => body.pin !== null,
    },
    // `altcha`: the API client's repeat once the password lockout asked for a solved challenge (decision 0068).
    body: profileUpdateRequestSchema.extend({ altcha: altchaPayloadSchema }),
    reply: userReplySchema,
    tags: tags,
  }),
  /** The proof travels with it; the other sessions end. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/account/password',
    auth: 'player',
    proof: 'own',
    carries: 'the current password, and a code with two-step on',
    body: passwordChangeRequestSchema.extend({ altcha: altchaPayloadSchema }),
    reply: messageReplySchema,
    tags: tags,
  }),
  registerGame: defineEndpoint({
    method: 'POST',
    path: '/profile/register-game',
    auth: 'player',
    proof: 'session',
    recentIf: {
      when: 'Caliber, which sets the PIN (and the first password of an account without one)',
      test: (body: { game: string }) => body.game === 'caliber',
    },
    body: registerGameRequestSchema,
    reply: userReplySchema,
    tags: tags,
  }),
  /** The link of the verification email (its uuid is the proof). */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/verifyemail/:uuid/:game',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed link',
    params: verifyEmailParamsSchema,
    reply: verifyEmailReplySchema,
    tags: tags,
  }),
  /** The "not me" link of an email change (its token is the proof). */
  cancelEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/cancel',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed link',
    body: emailChangeCancelRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  resendEmail: defineEndpoint({
    method: 'POST',
    path: '/resendEmail',
    auth: 'none',
    proof: 'none',
    body: emailRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/sendForgotPassword',
    auth: 'none',
    proof: 'none',
    body: emailRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  /** The reset link's token is the proof. */
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed link',
    body: resetPasswordRequestSchema,
    reply: resetPasswordReplySchema,
    tags: tags,
  }),
  /** "Not you? Secure my account": the alert's token is the proof. */
  secureAccount: defineEndpoint({
    method: 'POST',
    path: '/api/account/secure',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed link',
    body: secureAccountRequestSchema,
    reply: secureAccountReplySchema,
    tags: tags,
  }),
  /** Counts a visit of a referral link; unknown codes are ignored. */
  referralVisit: defineEndpoint({
    method: 'POST',
    path: '/api/referral-visit',
    auth: 'none',
    proof: 'none',
    body: referralVisitRequestSchema,
    reply: referralVisitReplySchema,
    tags: tags,
  }),
} as const satisfies Record<string, Endpoint>;
