import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { FIRST_REQUEST_PATHS } from '../first-requests';
import {
  mfaStatusReplySchema,
  totpDisableRequestSchema,
  totpEnableReplySchema,
  totpEnableRequestSchema,
  totpSetupReplySchema,
} from '../mfa';

const tags = ['mfa'] as const;

/**
 * The caller's own two-step verification: players' under /api, staff's under /api/admin. The sign-in's code
 * step is declared with each sign-in (accounts, admin-auth, game-login).
 */
export const mfaEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/mfa',
    auth: 'player',
    proof: 'session',
    reply: mfaStatusReplySchema,
    tags,
  }),
  /** Starts TOTP setup: a new secret and its QR code. */
  setup: defineEndpoint({
    method: 'POST',
    path: '/api/mfa/totp/setup',
    auth: 'player',
    proof: 'recent',
    reply: totpSetupReplySchema,
    tags,
  }),
  /** Turns TOTP on with a first code; the reply holds the recovery codes. */
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/mfa/totp/enable',
    auth: 'player',
    proof: 'recent',
    body: totpEnableRequestSchema,
    reply: totpEnableReplySchema,
    tags,
  }),
  /** New recovery codes; behind a step-up. */
  renewRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/mfa/recovery-codes',
    auth: 'player',
    proof: 'recent',
    reply: totpEnableReplySchema,
    tags,
  }),
  /** Turns TOTP off; carries its own proof (the password and a code). */
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/mfa/totp/disable',
    auth: 'player',
    proof: 'own',
    carries: 'the password (none for an account without one) and a code',
    body: totpDisableRequestSchema,
    reply: messageReplySchema,
    tags,
  }),
  adminStatus: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.adminMfaStatus,
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: mfaStatusReplySchema,
    tags,
  }),
  /** Starts TOTP setup: a new secret and its QR code. */
  adminSetup: defineEndpoint({
    method: 'POST',
    path: '/api/admin/mfa/totp/setup',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    reply: totpSetupReplySchema,
    tags,
  }),
  /** Turns TOTP on with a first code; the reply holds the recovery codes. */
  adminEnable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/mfa/totp/enable',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    body: totpEnableRequestSchema,
    reply: totpEnableReplySchema,
    tags,
  }),
  /** New recovery codes; behind a step-up. */
  adminRenewRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/admin/mfa/recovery-codes',
    auth: 'admin',
    staff: 'own-account',
    proof: 'recent',
    reply: totpEnableReplySchema,
    tags,
  }),
  /** Turns TOTP off; carries its own proof (the password and a code). */
  adminDisable: defineEndpoint({
    method: 'POST',
    path: '/api/admin/mfa/totp/disable',
    auth: 'admin',
    staff: 'own-account',
    proof: 'own',
    carries: 'the password and a code',
    body: totpDisableRequestSchema,
    reply: messageReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
