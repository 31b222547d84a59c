import { z } from 'zod';
import { gameSchema, shopGameSchema } from './games';
import { SANCTION_EVENT_TYPES, sanctionSchema } from './sanctions';

/**
 * What a paid order owes a game, and how it reaches the game (issue #23): the game-server API
 * (`/api/game/entitlements`, the game's server key), signed webhooks to the game's server, and the
 * back-office settings and delivery log.
 */
export const ENTITLEMENT_STATUSES = ['pending', 'consumed', 'revoked'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];

export const entitlementSchema = z.object({
  id: z.uuid(),
  /** The player's uuid. */
  player: z.uuid(),
  game: shopGameSchema,
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1),
  /** The order's txnid. */
  order: z.string(),
  status: z.enum(ENTITLEMENT_STATUSES),
  granted_at: z.string(),
  consumed_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Revoked after the game had consumed it: the game should take the item back. */
  clawback: z.boolean(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

export const ENTITLEMENT_PAGE_MAX = 500;
/** Page size of GET /api/game/entitlements without `limit`. */
export const ENTITLEMENT_PAGE_DEFAULT = 100;

/** What the game-server API answers besides the entitlements. */
export const ENTITLEMENT_MESSAGES = {
  notFound: 'Unknown entitlement.',
  revoked: 'This entitlement was revoked (its order was refunded or charged back): do not grant it.',
  badCursor: 'after must be the next cursor of a previous page.',
} as const;
const limitMessage = `limit must be a whole number from 1 to ${ENTITLEMENT_PAGE_MAX}.`;

/** GET /api/game/entitlements: only the key's own game, oldest first, cursor-paged. */
export const entitlementListQuerySchema = z.object({
  status: z
    .enum(ENTITLEMENT_STATUSES, { message: 'status must be pending, consumed or revoked.' })
    .optional(),
  player: z.uuid({ message: 'player must be the player uuid.' }).optional(),
  /** The `next` of the previous page. */
  after: z
    .string({ message: 'after must be the next cursor of a previous page.' })
    .min(1)
    .max(200)
    .optional(),
  limit: z.coerce
    .number({ message: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(ENTITLEMENT_PAGE_MAX, limitMessage)
    .optional(),
});
export type EntitlementListQuery = z.infer<typeof entitlementListQuerySchema>;

export const entitlementListReplySchema = z.object({
  entitlements: z.array(entitlementSchema),
  /** Cursor of the next page, null on the last one. */
  next: z.string().nullable(),
});
export type EntitlementListReply = z.infer<typeof entitlementListReplySchema>;

/** POST /api/game/entitlements/{id}/consume → 200 (also when already consumed). */
export const entitlementReplySchema = z.object({ entitlement: entitlementSchema });
export type EntitlementReply = z.infer<typeof entitlementReplySchema>;

export const entitlementIdParamsSchema = z.object({ id: z.uuid({ message: 'Unknown entitlement.' }) });

/** Webhook events sent to a game's server: POST url, headers Portal-Event-Id and Portal-Signature. */
export const GAME_EVENT_TYPES = [
  'entitlement.granted',
  'entitlement.revoked',
  'ping',
  ...SANCTION_EVENT_TYPES,
] as const;
export type GameWebhookEventType = (typeof GAME_EVENT_TYPES)[number];
export const gameWebhookEventSchema = z.object({
  id: z.string(),
  type: z.enum(GAME_EVENT_TYPES),
  created_at: z.string(),
  data: z.object({
    entitlement: entitlementSchema.optional(),
    /** player.sanctioned and player.sanction_lifted: the sanction as the game's standing reads it. */
    sanction: sanctionSchema.omit({ appeal: true }).optional(),
  }),
});
export type GameWebhookEvent = z.infer<typeof gameWebhookEventSchema>;
export const PORTAL_SIGNATURE_HEADER = 'Portal-Signature';
export const PORTAL_EVENT_ID_HEADER = 'Portal-Event-Id';

// Back-office: games' settings, server keys and the delivery log (owner role for settings).
export const gameParamsSchema = z.object({ game: gameSchema });

export const gameServerKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters, to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type GameServerKey = z.infer<typeof gameServerKeySchema>;

export const gameSettingsSchema = z.object({
  game: gameSchema,
  webhook: z
    .object({
      url: z.string(),
      active: z.boolean(),
      /** When the signing secret was made or last rotated. */
      secret_created_at: z.string(),
    })
    .nullable(),
  keys: z.array(gameServerKeySchema),
  deliveries: z.object({ pending: z.number().int(), failed: z.number().int() }),
});
export type GameSettings = z.infer<typeof gameSettingsSchema>;
export const gameSettingsListSchema = z.object({ games: z.array(gameSettingsSchema) });

const webhookUrlMessage = 'Enter the webhook URL, e.g. https://game.example.com/portal-webhook.';
export const gameWebhookBodySchema = z.object({
  url: z
    .string({ message: webhookUrlMessage })
    .trim()
    .max(2000, 'The webhook URL is at most 2000 characters.')
    .url({ message: webhookUrlMessage }),
  active: z.boolean({ message: 'active must be true or false.' }),
});
export type GameWebhookBody = z.infer<typeof gameWebhookBodySchema>;
/** PUT …/webhook: `secret` only the first time (and on rotate-secret): shown once. */
export const gameWebhookReplySchema = z.object({ game: gameSettingsSchema, secret: z.string().optional() });
export const gameWebhookSecretReplySchema = z.object({ secret: z.string() });

export const gameKeyBodySchema = z.object({
  name: z
    .string({ message: 'Name the key, e.g. "EU game servers".' })
    .trim()
    .min(1, 'Name the key, e.g. "EU game servers".')
    .max(100, 'A key name is at most 100 characters.'),
});
/** POST …/keys → the key, shown once. */
export const gameKeyCreatedSchema = z.object({ key: z.string(), server_key: gameServerKeySchema });
export const gameKeyParamsSchema = z.object({ game: gameSchema, id: z.uuid({ message: 'Unknown key.' }) });
/** DELETE …/keys/{id} → the revoked key. */
export const gameKeyReplySchema = z.object({ server_key: gameServerKeySchema });

/** What the settings and delivery-log endpoints answer besides their shapes. */
export const GAME_SETTINGS_MESSAGES = {
  httpsOnly: 'The webhook URL must start with https:// (http:// is refused in production).',
  httpOrHttps: 'The webhook URL must start with https:// or http://.',
  /** Production: the game server's address must be a public one (SSRF). */
  publicOnly:
    'The webhook URL must reach a public address: not this server, a private network, a link-local or an unspecified address.',
  noCredentials: 'The webhook URL may not carry a user name or password.',
  noWebhook: 'This game has no webhook yet: set its URL first.',
  keyNotFound: 'Unknown key.',
  keyRevoked: 'This key is already revoked.',
  deliveryNotFound: 'Unknown delivery.',
  alreadyDelivered: 'This delivery was already delivered.',
} as const;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliverySchema = z.object({
  id: z.uuid(),
  game: gameSchema,
  event_id: z.string(),
  type: z.enum(GAME_EVENT_TYPES),
  entitlement_id: z.uuid().nullable(),
  order: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_attempt_at: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt, null when it could not be reached. */
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = z.object({
  game: gameSchema.optional(),
  status: z.enum(DELIVERY_STATUSES, { message: 'status must be pending, delivered or failed.' }).optional(),
  /** The `next` of the previous page. */
  after: z
    .string({ message: 'after must be the next cursor of a previous page.' })
    .min(1, 'after must be the next cursor of a previous page.')
    .max(200, 'after must be the next cursor of a previous page.')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .optional(),
});
export const deliveryListReplySchema = z.object({
  deliveries: z.array(deliverySchema),
  next: z.string().nullable(),
});
export const deliveryParamsSchema = z.object({ id: z.uuid({ message: 'Unknown delivery.' }) });
export const deliveryReplySchema = z.object({ delivery: deliverySchema });

/** An order's entitlements and their deliveries (sales dashboard, player detail). */
export const orderFulfilmentSchema = z.object({
  entitlements: z.array(entitlementSchema),
  deliveries: z.array(deliverySchema),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;
