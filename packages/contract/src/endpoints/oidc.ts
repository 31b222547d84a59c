import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  oidcClientCreatedSchema,
  oidcClientCreateSchema,
  oidcClientParamsSchema,
  oidcClientSchema,
  oidcClientsReplySchema,
  oidcClientUpdateSchema,
  oidcConsentSchema,
  oidcDeviceDecisionSchema,
  oidcDeviceSchema,
  oidcGrantParamsSchema,
  oidcGrantsReplySchema,
  oidcInteractionParamsSchema,
  oidcInteractionSchema,
  oidcRedirectReplySchema,
  oidcUserCodeSchema,
} from '../oidc';

const tags = ['oidc'] as const;
const staff = { auth: 'admin', staff: 'apps.manage', tags: ['admin', 'oidc'] } as const;

/**
 * The portal's own OpenID routes: the API of its interaction and device pages, the player's apps and the
 * staff's app registry. The provider's endpoints under /oidc are the `oidc-provider` library's, not declared.
 */
export const oidcEndpoints = {
  /** Which app asks, for what, and whether sign-in or consent is due; a browser navigation is redirected to the page. */
  interaction: defineEndpoint({
    method: 'GET',
    path: '/api/oidc/interaction/:uid',
    auth: 'none',
    proof: 'none',
    params: oidcInteractionParamsSchema,
    reply: oidcInteractionSchema,
    tags,
  }),
  /** Signs the player in to the app; the reply is where the browser goes next. */
  login: defineEndpoint({
    method: 'POST',
    path: '/api/oidc/interaction/:uid/login',
    auth: 'player',
    proof: 'session',
    params: oidcInteractionParamsSchema,
    reply: oidcRedirectReplySchema,
    tags,
  }),
  consent: defineEndpoint({
    method: 'POST',
    path: '/api/oidc/interaction/:uid/consent',
    auth: 'player',
    proof: 'recent',
    params: oidcInteractionParamsSchema,
    body: oidcConsentSchema,
    reply: oidcRedirectReplySchema,
    tags,
  }),
  /** What the device showing this user code asks. */
  device: defineEndpoint({
    method: 'POST',
    path: '/api/oidc/device',
    auth: 'player',
    proof: 'session',
    body: oidcUserCodeSchema,
    reply: oidcDeviceSchema,
    tags,
  }),
  deviceDecision: defineEndpoint({
    method: 'POST',
    path: '/api/oidc/device/decision',
    auth: 'player',
    proof: 'recent',
    body: oidcDeviceDecisionSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** The apps the player allowed. */
  grants: defineEndpoint({
    method: 'GET',
    path: '/api/oidc/grants',
    auth: 'player',
    proof: 'session',
    reply: oidcGrantsReplySchema,
    tags,
  }),
  /** The app loses access. */
  revokeGrant: defineEndpoint({
    method: 'DELETE',
    path: '/api/oidc/grants/:id',
    auth: 'player',
    proof: 'session',
    params: oidcGrantParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  clients: defineEndpoint({
    method: 'GET',
    path: '/api/admin/oidc/clients',
    ...staff,
    proof: 'session',
    reply: oidcClientsReplySchema,
  }),
  createClient: defineEndpoint({
    method: 'POST',
    path: '/api/admin/oidc/clients',
    ...staff,
    proof: 'recent',
    body: oidcClientCreateSchema,
    status: 201,
    reply: oidcClientCreatedSchema,
  }),
  client: defineEndpoint({
    method: 'GET',
    path: '/api/admin/oidc/clients/:id',
    ...staff,
    proof: 'session',
    params: oidcClientParamsSchema,
    reply: oidcClientSchema,
  }),
  updateClient: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/oidc/clients/:id',
    ...staff,
    proof: 'recent',
    params: oidcClientParamsSchema,
    body: oidcClientUpdateSchema,
    reply: oidcClientSchema,
  }),
  deleteClient: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/oidc/clients/:id',
    ...staff,
    proof: 'recent',
    params: oidcClientParamsSchema,
    reply: messageReplySchema,
  }),
  /** A new client secret, shown once. */
  rotateClientSecret: defineEndpoint({
    method: 'POST',
    path: '/api/admin/oidc/clients/:id/rotate-secret',
    ...staff,
    proof: 'recent',
    params: oidcClientParamsSchema,
    reply: oidcClientCreatedSchema,
  }),
} as const satisfies Record<string, Endpoint>;
