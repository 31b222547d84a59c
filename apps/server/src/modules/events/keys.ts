import type { Game } from '@portal/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { gameServerKeys } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import { hashToken, randomToken } from '../../lib/tokens';

export type ServerKeyRow = typeof gameServerKeys.$inferSelect;

/** Creates a server key for a game; the plain key is returned once and only its SHA-256 is stored. */
export async function createServerKey(
  // Only the database: the command line and the browser suite's setup make keys without an app.
  ctx: Pick<ServiceContext, 'db'>,
  game: Game,
  label: string,
  createdAt = new Date(),
) {
  const key = `gsk_${game}_${randomToken()}`;
  const [row] = await ctx.db
    .insert(gameServerKeys)
    .values({
      game,
      label,
      keyHash: hashToken(key),
      prefix: key.slice(0, `gsk_${game}_`.length + 6),
      createdAt,
    })
    .returning();
  return { ...row!, key };
}

/** A key's last use is written at most this often (the back-office shows it; no write per request). */
const LAST_USED_GRANULARITY = sql`interval '1 minute'`;

/**
 * The game of a live key, or null; notes the key's use. Lookup is by hash, so timing reveals nothing about
 * stored keys.
 */
export async function resolveServerKey(
  ctx: ServiceContext,
  key: string,
): Promise<{ id: string; game: Game } | null> {
  const [row] = await ctx.db
    .select({ id: gameServerKeys.id, game: gameServerKeys.game })
    .from(gameServerKeys)
    .where(and(eq(gameServerKeys.keyHash, hashToken(key)), isNull(gameServerKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  await ctx.db
    .update(gameServerKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(gameServerKeys.id, row.id),
        sql`(${gameServerKeys.lastUsedAt} is null or ${gameServerKeys.lastUsedAt} < now() - ${LAST_USED_GRANULARITY})`,
      ),
    );
  return row;
}

/** The games' server keys, newest first (the back-office's game settings). */
export function serverKeysOf(ctx: ServiceContext, games: Game[]): Promise<ServerKeyRow[]> {
  return ctx.db
    .select()
    .from(gameServerKeys)
    .where(inArray(gameServerKeys.game, games))
    .orderBy(desc(gameServerKeys.createdAt), desc(gameServerKeys.id));
}

/** The game's key `id`, locked until the transaction ends (null when the game has no such key). */
export async function lockServerKey(tx: TxContext, game: Game, id: string): Promise<ServerKeyRow | null> {
  const [key] = await tx.db
    .select()
    .from(gameServerKeys)
    .where(and(eq(gameServerKeys.id, id), eq(gameServerKeys.game, game)))
    .for('update');
  return key ?? null;
}

/** Revokes the key as of `at`: the key as revoked. */
export async function revokeServerKey(
  ctx: ServiceContext,
  id: string,
  at: Date,
): Promise<ServerKeyRow | undefined> {
  const [revoked] = await ctx.db
    .update(gameServerKeys)
    .set({ revokedAt: at })
    .where(eq(gameServerKeys.id, id))
    .returning();
  return revoked;
}
