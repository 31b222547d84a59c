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
import { defineEndpoint, type Endpoint } from '../endpoint';
import { mfaLoginRequestSchema, playerLoginOrMfaReplySchema, playerMfaLoginReplySchema } from '../mfa';

const tags = ['accounts'] as const;
const adminUsersTags = ['admin-users'] as const;

/** Player registration, sign-in, profile and the emailed links (spec section 7). */
export const accountsEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    auth: 'none',
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
    body: loginRequestSchema,
    reply: playerLoginOrMfaReplySchema,
    tags: tags,
  }),
  /** The second step of `login` and of a social sign-in when two-step verification is on. */
  loginMfa: defineEndpoint({
    method: 'POST',
    path: '/login/mfa',
    auth: 'none',
    body: mfaLoginRequestSchema,
    reply: playerMfaLoginReplySchema,
    tags: tags,
  }),
  /** Revokes the bearer's session; idempotent, so a missing or dead token still answers 200. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    auth: 'none',
    reply: messageReplySchema,
    tags: tags,
  }),
  /** Suspends a player or makes them active again. */
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/status',
    auth: 'admin',
    staff: 'players.act',
    params: accountStatusParamsSchema,
    body: accountStatusRequestSchema,
    reply: accountStatusReplySchema,
    tags: adminUsersTags,
  }),
  /** 200 while the player's session is alive. */
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/api/user-info',
    auth: 'player',
    reply: userInfoReplySchema,
    tags: tags,
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/profile',
    auth: 'player',
    reply: profileReplySchema,
    tags: tags,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/profile/update',
    auth: 'player',
    body: profileUpdateRequestSchema,
    reply: userReplySchema,
    tags: tags,
  }),
  /** The proof travels with it; the other sessions end. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/account/password',
    auth: 'player',
    body: passwordChangeRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  registerGame: defineEndpoint({
    method: 'POST',
    path: '/profile/register-game',
    auth: 'player',
    body: registerGameRequestSchema,
    reply: userReplySchema,
    tags: tags,
  }),
  /** The link of the verification email (its uuid is the proof). */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/verifyemail/:uuid/:game',
    auth: 'none',
    params: verifyEmailParamsSchema,
    reply: verifyEmailReplySchema,
    tags: tags,
  }),
  /** The "not me" link of an email change (its token is the proof). */
  cancelEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/cancel',
    auth: 'none',
    body: emailChangeCancelRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  resendEmail: defineEndpoint({
    method: 'POST',
    path: '/resendEmail',
    auth: 'none',
    body: emailRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/sendForgotPassword',
    auth: 'none',
    body: emailRequestSchema,
    reply: messageReplySchema,
    tags: tags,
  }),
  /** The reset link's token is the proof. */
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    auth: 'none',
    body: resetPasswordRequestSchema,
    reply: resetPasswordReplySchema,
    tags: tags,
  }),
  /** "Not you? Secure my account": the alert's token is the proof. */
  secureAccount: defineEndpoint({
    method: 'POST',
    path: '/api/account/secure',
    auth: 'none',
    body: secureAccountRequestSchema,
    reply: secureAccountReplySchema,
    tags: tags,
  }),
  /** Counts a visit of a referral link; unknown codes are ignored. */
  referralVisit: defineEndpoint({
    method: 'POST',
    path: '/api/referral-visit',
    auth: 'none',
    body: referralVisitRequestSchema,
    reply: referralVisitReplySchema,
    tags: tags,
  }),
} as const satisfies Record<string, Endpoint>;
