import type { Game } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gameServerKeys } from '../../db/schema/index';
import { hashToken, randomToken } from '../../lib/tokens';

/** Creates a server key for a game; the plain key is returned once and only its SHA-256 is stored. */
export async function createServerKey(db: Database, game: Game, label: string) {
  const key = `gsk_${game}_${randomToken()}`;
  const [row] = await db
    .insert(gameServerKeys)
    .values({ game, label, keyHash: hashToken(key), prefix: key.slice(0, `gsk_${game}_`.length + 6) })
    .returning();
  return { ...row!, key };
}

/** The game of a live key, or null. Lookup is by hash, so timing reveals nothing about stored keys. */
export async function resolveServerKey(
  db: Database,
  key: string,
): Promise<{ id: string; game: Game } | null> {
  const [row] = await db
    .select({ id: gameServerKeys.id, game: gameServerKeys.game })
    .from(gameServerKeys)
    .where(and(eq(gameServerKeys.keyHash, hashToken(key)), isNull(gameServerKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function revokeServerKey(db: Database, id: string, at: Date): Promise<void> {
  await db.update(gameServerKeys).set({ revokedAt: at }).where(eq(gameServerKeys.id, id));
}
