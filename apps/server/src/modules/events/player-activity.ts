import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * The accounts module owns user_games but has no function for game-server activity, so this small file
 * is the events module's only access to it: it checks which reported players are registered for the
 * game, and keeps user_games.level and user_games.session_start ("Last Login" in the admin tables)
 * current. Replace with an accounts service call if one appears.
 */
type Tx = Pick<Database, 'execute'>;

/** The subset of `userIds` registered for `game`. */
export async function registeredPlayers(tx: Tx, game: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`select user_id from user_games where game = ${game}
      and user_id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as x)`),
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Levels only rise (the highest reported wins); session_start is the latest session start. */
export async function applyPlayerActivity(
  tx: Tx,
  game: string,
  updates: { userId: string; level?: number; sessionStart?: string }[],
): Promise<void> {
  if (updates.length === 0) return;
  const input = JSON.stringify(
    updates.map((u) => ({
      user_id: u.userId,
      level: u.level ?? null,
      session_start: u.sessionStart ?? null,
    })),
  );
  await tx.execute(sql`
    with x as (
      select user_id, max(level) as level, max(session_start) as session_start
      from jsonb_to_recordset(${input}::jsonb) as r(user_id uuid, level int, session_start timestamptz)
      group by user_id
    )
    update user_games ug set
      level = greatest(ug.level, coalesce(x.level, ug.level)),
      session_start = case when x.session_start is null then ug.session_start
                           else greatest(coalesce(ug.session_start, x.session_start), x.session_start) end,
      updated_at = now()
    from x where ug.user_id = x.user_id and ug.game = ${game}
  `);
}
