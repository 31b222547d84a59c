import { randomBytes } from 'node:crypto';
import {
  GAME_SETTINGS_MESSAGES,
  GAMES,
  type Game,
  type GameServerKey,
  type GameSettings,
  type GameWebhookBody,
} from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gameWebhooks, webhookDeliveries } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { hostIsPublic, systemResolver } from '../../lib/public-address';
import { sealSecret } from '../../lib/secret-box';
import type { Session } from '../../lib/sessions';
import { createServerKey, lockServerKey, revokeServerKey, type ServerKeyRow, serverKeysOf } from '../events';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks-signature';

const toServerKey = (row: ServerKeyRow): GameServerKey => ({
  id: row.id,
  name: row.label,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** A new signing secret: `whsec_` and 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Each game's webhook (without its secret), server keys (newest first) and pending/failed delivery counts. */
export async function listGameSettings(ctx: ServiceContext, only?: Game): Promise<GameSettings[]> {
  const games = only ? [only] : [...GAMES];
  const [webhooks, keys, counts] = await Promise.all([
    ctx.db.select().from(gameWebhooks).where(inArray(gameWebhooks.game, games)),
    serverKeysOf(ctx, games),
    ctx.db
      .select({
        game: webhookDeliveries.game,
        status: webhookDeliveries.status,
        count: sql<number>`count(*)::int`,
      })
      .from(webhookDeliveries)
      .where(
        and(inArray(webhookDeliveries.game, games), inArray(webhookDeliveries.status, ['pending', 'failed'])),
      )
      .groupBy(webhookDeliveries.game, webhookDeliveries.status),
  ]);
  const countOf = (game: Game, status: 'pending' | 'failed') =>
    counts.find((c) => c.game === game && c.status === status)?.count ?? 0;
  return games.map((game) => {
    const webhook = webhooks.find((w) => w.game === game);
    return {
      game,
      webhook: webhook
        ? {
            url: webhook.url,
            active: webhook.active,
            secret_created_at: webhook.secretCreatedAt.toISOString(),
          }
        : null,
      keys: keys.filter((k) => k.game === game).map(toServerKey),
      deliveries: { pending: countOf(game, 'pending'), failed: countOf(game, 'failed') },
    };
  });
}

async function settingsOf(ctx: ServiceContext, game: Game): Promise<GameSettings> {
  const [settings] = await listGameSettings(ctx, game);
  return settings!;
}

/**
 * Production sends only to https:// (the event is signed, not encrypted) and only to public addresses (an IP
 * literal in any spelling, or a name resolving to one; checked again at every connection, lib/public-address);
 * development also to http:// and this host (the development game inbox). Never with credentials in the URL.
 */
async function checkWebhookUrl(ctx: ServiceContext, url: string) {
  const parsed = new URL(url);
  const production = ctx.config.NODE_ENV === 'production';
  if (production && parsed.protocol !== 'https:')
    throw validationError({ url: [GAME_SETTINGS_MESSAGES.httpsOnly] });
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw validationError({ url: [GAME_SETTINGS_MESSAGES.httpOrHttps] });
  if (parsed.username || parsed.password)
    throw validationError({ url: [GAME_SETTINGS_MESSAGES.noCredentials] });
  if (production && !(await hostIsPublic(parsed, ctx.resolveHost ?? systemResolver)))
    throw validationError({ url: [GAME_SETTINGS_MESSAGES.publicOnly] });
}

/**
 * Sets a game's webhook URL and whether it is on. The first time, a signing secret is made and returned
 * (the only time it is shown until rotated). Audited.
 */
export async function saveWebhook(
  ctx: ServiceContext,
  game: Game,
  input: GameWebhookBody,
  actor: Session | null,
  ip: string | null,
): Promise<{ game: GameSettings; secret?: string }> {
  await checkWebhookUrl(ctx, input.url);
  const now = ctx.clock.now();
  const secret = await ctx.transaction(async (tx) => {
    const [updated] = await tx.db
      .update(gameWebhooks)
      .set({ url: input.url, active: input.active, updatedAt: now })
      .where(eq(gameWebhooks.game, game))
      .returning({ game: gameWebhooks.game });
    let made: string | undefined;
    if (!updated) {
      made = newSecret();
      await tx.db.insert(gameWebhooks).values({
        game,
        url: input.url,
        active: input.active,
        secretSealed: sealSecret(ctx.config.SECRET_KEY, WEBHOOK_SECRET_PURPOSE, made),
        secretCreatedAt: now,
        updatedAt: now,
      });
    }
    await writeAudit(tx, {
      actor,
      action: 'games.webhook_save',
      target: auditTarget.webhook(game),
      details: { game, url: input.url, active: input.active, secretCreated: made !== undefined },
      ip,
    });
    return made;
  });
  return { game: await settingsOf(ctx, game), ...(secret ? { secret } : {}) };
}

/** A new signing secret for the game's webhook; the old one stops signing at once. Audited. */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  game: Game,
  actor: Session,
  ip: string,
): Promise<{ secret: string }> {
  const secret = newSecret();
  await ctx.transaction(async (tx) => {
    const [rotated] = await tx.db
      .update(gameWebhooks)
      .set({
        secretSealed: sealSecret(ctx.config.SECRET_KEY, WEBHOOK_SECRET_PURPOSE, secret),
        secretCreatedAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(gameWebhooks.game, game))
      .returning({ game: gameWebhooks.game });
    if (!rotated) throw notFound(GAME_SETTINGS_MESSAGES.noWebhook);
    await writeAudit(tx, {
      actor,
      action: 'games.webhook_rotate_secret',
      target: auditTarget.webhook(game),
      details: { game },
      ip,
    });
  });
  return { secret };
}

/** A new server key for the game, named; the key is returned once. Audited. */
export async function createGameKey(
  ctx: ServiceContext,
  game: Game,
  name: string,
  actor: Session,
  ip: string,
) {
  return ctx.transaction(async (tx) => {
    const { key, ...row } = await createServerKey(tx, game, name, ctx.clock.now());
    await writeAudit(tx, {
      actor,
      action: 'games.key_create',
      details: { game, keyId: row.id, name, prefix: row.prefix },
      ip,
    });
    return { key, server_key: toServerKey(row) };
  });
}

/** Revokes one of the game's server keys at once (404 for another game's key, 409 when already revoked). Audited. */
export async function revokeGameKey(ctx: ServiceContext, game: Game, id: string, actor: Session, ip: string) {
  return ctx.transaction(async (tx) => {
    const key = await lockServerKey(tx, game, id);
    if (!key) throw notFound(GAME_SETTINGS_MESSAGES.keyNotFound);
    if (key.revokedAt) throw new AppError('KEY_REVOKED', GAME_SETTINGS_MESSAGES.keyRevoked);
    const revoked = await revokeServerKey(tx, id, ctx.clock.now());
    await writeAudit(tx, {
      actor,
      action: 'games.key_revoke',
      details: { game, keyId: id, name: key.label },
      ip,
    });
    return { server_key: toServerKey(revoked!) };
  });
}
