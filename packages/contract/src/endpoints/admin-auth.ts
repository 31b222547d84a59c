import { messageReplySchema } from '../accounts';
import {
  adminLoginOrMfaReplySchema,
  adminLoginReplySchema,
  adminLoginRequestSchema,
  adminMeReplySchema,
} from '../admin';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { mfaLoginRequestSchema } from '../mfa';

const tags = ['admin'] as const;

/** Staff sign-in and sign-out (spec section 7). */
export const adminAuthEndpoints = {
  /** With two-step verification on, the reply asks for the code step (`loginMfa`) instead. */
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    auth: 'none',
    proof: 'own',
    carries: 'the email and password',
    body: adminLoginRequestSchema,
    reply: adminLoginOrMfaReplySchema,
    tags,
  }),
  /** The second step when the admin has two-step verification on. */
  loginMfa: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login/mfa',
    auth: 'none',
    proof: 'own',
    carries: "the sign-in's first step and a code",
    body: mfaLoginRequestSchema,
    reply: adminLoginReplySchema,
    tags,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: messageReplySchema,
    tags,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: adminMeReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
