import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  deliveryListQuerySchema,
  deliveryListReplySchema,
  deliveryParamsSchema,
  deliveryReplySchema,
  entitlementIdParamsSchema,
  entitlementListQuerySchema,
  entitlementListReplySchema,
  entitlementReplySchema,
  gameKeyBodySchema,
  gameKeyCreatedSchema,
  gameKeyParamsSchema,
  gameKeyReplySchema,
  gameParamsSchema,
  gameSettingsListSchema,
  gameWebhookBodySchema,
  gameWebhookReplySchema,
  gameWebhookSecretReplySchema,
} from '../entitlements';

const gameServers = ['game servers'] as const;
const admin = { auth: 'admin', staff: 'games.manage', tags: ['admin'] } as const;

/**
 * The game-server API (a game server's key, checked by the route: auth 'none') and the back-office's game
 * settings: each game's webhook and signing secret, its server keys, and the webhook delivery log.
 */
export const entitlementsEndpoints = {
  /** The key's game's entitlements, oldest first, cursor-paged. */
  gameList: defineEndpoint({
    method: 'GET',
    path: '/api/game/entitlements',
    auth: 'none',
    proof: 'own',
    carries: "a game server's key",
    query: entitlementListQuerySchema,
    reply: entitlementListReplySchema,
    tags: gameServers,
  }),
  /** Marks an entitlement handed over (idempotent). */
  gameConsume: defineEndpoint({
    method: 'POST',
    path: '/api/game/entitlements/:id/consume',
    auth: 'none',
    proof: 'own',
    carries: "a game server's key",
    params: entitlementIdParamsSchema,
    reply: entitlementReplySchema,
    tags: gameServers,
  }),
  games: defineEndpoint({
    method: 'GET',
    path: '/api/admin/games',
    proof: 'session',
    ...admin,
    reply: gameSettingsListSchema,
  }),
  saveWebhook: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/games/:game/webhook',
    proof: 'recent',
    ...admin,
    params: gameParamsSchema,
    body: gameWebhookBodySchema,
    reply: gameWebhookReplySchema,
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/api/admin/games/:game/webhook/rotate-secret',
    proof: 'recent',
    ...admin,
    params: gameParamsSchema,
    reply: gameWebhookSecretReplySchema,
  }),
  /** Sends the game's webhook a test ping; the reply is the delivery. */
  testWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/admin/games/:game/webhook/test',
    proof: 'session',
    ...admin,
    params: gameParamsSchema,
    reply: deliveryReplySchema,
  }),
  createKey: defineEndpoint({
    method: 'POST',
    path: '/api/admin/games/:game/keys',
    proof: 'recent',
    ...admin,
    params: gameParamsSchema,
    body: gameKeyBodySchema,
    reply: gameKeyCreatedSchema,
  }),
  revokeKey: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/games/:game/keys/:id',
    proof: 'recent',
    ...admin,
    params: gameKeyParamsSchema,
    reply: gameKeyReplySchema,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deliveries',
    proof: 'session',
    ...admin,
    query: deliveryListQuerySchema,
    reply: deliveryListReplySchema,
  }),
  retryDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deliveries/:id/retry',
    proof: 'session',
    ...admin,
    params: deliveryParamsSchema,
    reply: deliveryReplySchema,
  }),
} as const satisfies Record<string, Endpoint>;
