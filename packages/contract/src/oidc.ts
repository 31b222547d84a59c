import { z } from 'zod';
import { gameSchema } from './games';

/**
 * The portal as an OpenID Provider (docs/oidc.md, docs/decisions/0041-openid-provider.md): the apps staff
 * register, the pages a player approves an app on (the sign-in step of an authorization, `/activate` for
 * devices) and the player's list of apps.
 */

export const OIDC_SCOPES = ['openid', 'profile', 'email', 'games', 'offline_access'] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];

export const OIDC_GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
] as const;
export type OidcGrantType = (typeof OIDC_GRANT_TYPES)[number];

export const OIDC_MESSAGES = {
  interactionNotFound:
    'This sign-in request has expired or was opened in another browser. Start again from the app.',
  appDisabled: 'This app is no longer available.',
  pendingDeletion: 'Your account is being deleted. Sign in to the portal to cancel the deletion first.',
  codeRequired: 'Enter the code shown on your device.',
  codeUnknown: 'This code is not valid. Check the code on your device and try again.',
  codeExpired: 'This code has expired. Start again on your device.',
  codeUsed: 'This code has already been used. Start again on your device.',
  deviceApproved: 'Your device is signed in. You can go back to it now.',
  deviceDenied: 'The device was not signed in.',
  grantNotFound: 'App not found.',
  grantRevoked: 'The app no longer has access to your account.',
  clientNotFound: 'App not found.',
  nameRequired: 'Give the app a name.',
  redirectRequired: 'An app that signs in through the browser needs at least one redirect URI.',
  redirectInvalid:
    'Use an https address, a loopback http address (http://127.0.0.1 or http://[::1], any port) or an app scheme (com.example.app:/callback), without a wildcard, a fragment or a user name.',
  grantTypesRequired: 'Choose at least one grant type.',
  refreshAlone: 'Refresh tokens need the authorization code or device grant as well.',
  publicOnly: 'Only confidential apps have a secret.',
} as const;

const uriList = z.array(z.string().trim().min(1).max(500)).max(20);

const appFields = {
  name: z.string().trim().min(1, OIDC_MESSAGES.nameRequired).max(100),
  redirect_uris: uriList,
  post_logout_redirect_uris: uriList,
  grant_types: z
    .array(z.enum(OIDC_GRANT_TYPES, { message: 'Unknown grant type.' }))
    .min(1, OIDC_MESSAGES.grantTypesRequired)
    .max(3),
  first_party: z.boolean(),
  game: gameSchema.nullable(),
};

/** Staff register an app: public (a game, a launcher, a console) or confidential (a server that keeps a secret). */
export const oidcClientCreateSchema = z.object({
  ...appFields,
  type: z.enum(['public', 'confidential'], { message: 'The type must be public or confidential.' }),
  redirect_uris: uriList.default([]),
  post_logout_redirect_uris: uriList.default([]),
  first_party: z.boolean().default(false),
  game: gameSchema.nullable().default(null),
});
export type OidcClientCreate = z.infer<typeof oidcClientCreateSchema>;

/** Changes to an app (its type stays); `disabled: true` ends every grant and token it holds. */
export const oidcClientUpdateSchema = z
  .object({ ...appFields, disabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change.');
export type OidcClientUpdate = z.infer<typeof oidcClientUpdateSchema>;

export const oidcClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  type: z.enum(['public', 'confidential']),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()),
  grant_types: z.array(z.enum(OIDC_GRANT_TYPES)),
  first_party: z.boolean(),
  game: gameSchema.nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OidcClient = z.infer<typeof oidcClientSchema>;

export const oidcClientsReplySchema = z.object({ clients: z.array(oidcClientSchema) });
/** A new app, or a rotated secret: the secret is shown this once. */
export const oidcClientCreatedSchema = z.object({
  client_id: z.string(),
  client_secret: z.string().optional(),
});
export const oidcClientParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** What the interaction page shows: who asks, for what, and which step (sign-in or consent) is due. */
export const oidcInteractionSchema = z.object({
  uid: z.string(),
  prompt: z.enum(['login', 'consent']),
  client: z.object({ client_id: z.string(), name: z.string(), first_party: z.boolean() }),
  scopes: z.array(z.string()),
});
export type OidcInteraction = z.infer<typeof oidcInteractionSchema>;
export const oidcInteractionParamsSchema = z.object({ uid: z.string().min(1).max(100) });
/** Where the browser goes next (back to the provider, which then continues or redirects to the app). */
export const oidcRedirectReplySchema = z.object({ redirect_to: z.string() });
export const oidcConsentSchema = z.object({
  approve: z.boolean({ message: 'approve must be true or false.' }),
});

/** The device flow's page: the code as the device shows it (case and dashes do not matter). */
export const oidcUserCodeSchema = z.object({
  user_code: z
    .string({ message: OIDC_MESSAGES.codeRequired })
    .trim()
    .min(1, OIDC_MESSAGES.codeRequired)
    .max(32, OIDC_MESSAGES.codeUnknown),
});
export const oidcDeviceSchema = z.object({
  user_code: z.string(),
  client: z.object({ client_id: z.string(), name: z.string(), first_party: z.boolean() }),
  scopes: z.array(z.string()),
});
export type OidcDevice = z.infer<typeof oidcDeviceSchema>;
export const oidcDeviceDecisionSchema = oidcUserCodeSchema.extend({
  approve: z.boolean({ message: 'approve must be true or false.' }),
});

/** The player's apps: one per app they allowed, with what it may read. */
export const oidcGrantSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  first_used_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type OidcGrant = z.infer<typeof oidcGrantSchema>;
export const oidcGrantsReplySchema = z.object({ grants: z.array(oidcGrantSchema) });
export const oidcGrantParamsSchema = z.object({ id: z.string().min(1).max(100) });
