import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  launcherExchangeReplySchema,
  launcherExchangeSchema,
  launcherLoginReplySchema,
  launcherPasswordLoginSchema,
  launcherPinLoginSchema,
} from '../game-login';
import { launcherLoginOrMfaReplySchema, launcherMfaLoginReplySchema, mfaLoginRequestSchema } from '../mfa';

const tags = ['game-login'] as const;

/** The Caliber launcher's sign-in (public), and the game server's code exchange (its server key). */
export const gameLoginEndpoints = {
  /** With two-step verification on, the reply asks for the code step (`withMfa`) instead. */
  withPassword: defineEndpoint({
    method: 'POST',
    path: '/api/login-caliber',
    auth: 'none',
    proof: 'own',
    carries: 'the email and password',
    body: launcherPasswordLoginSchema,
    reply: launcherLoginOrMfaReplySchema,
    tags,
  }),
  withMfa: defineEndpoint({
    method: 'POST',
    path: '/api/login-caliber/mfa',
    auth: 'none',
    proof: 'own',
    carries: "the sign-in's first step and a code",
    body: mfaLoginRequestSchema,
    reply: launcherMfaLoginReplySchema,
    tags,
  }),
  withPin: defineEndpoint({
    method: 'POST',
    path: '/api/login-pin-caliber',
    auth: 'none',
    proof: 'own',
    carries: 'a device that completed a full sign-in, and its PIN',
    body: launcherPinLoginSchema,
    reply: launcherLoginReplySchema,
    tags,
  }),
  /** Server to server: a launcher's one-time code for its player, with a Caliber game server key. */
  exchange: defineEndpoint({
    method: 'POST',
    path: '/api/game-login/exchange',
    auth: 'none',
    proof: 'own',
    carries: 'a one-time launcher code',
    body: launcherExchangeSchema,
    reply: launcherExchangeReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
