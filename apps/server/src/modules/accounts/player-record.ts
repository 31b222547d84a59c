import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';

/** A player's account and profile as support reads them: raw columns, dates as the driver gives them. */
interface PlayerRecord {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  account_status: string;
  email_verified_at: unknown;
  created_at: unknown;
  referral_code: string | null;
  deletion_requested_at: unknown;
  erased_at: unknown;
  gender: string | null;
  birthdate: string | null;
}

/** The player's account with their profile, or null when there is no such player. */
export async function findPlayerRecord(ctx: ServiceContext, userId: string): Promise<PlayerRecord | null> {
  const [row] = rowsOf<PlayerRecord>(
    await ctx.db.execute(sql`
      select u.id, u.name, u.email, u.phone_number, u.account_status, u.email_verified_at, u.created_at,
        u.referral_code, u.deletion_requested_at, u.erased_at, p.gender, p.birthdate::text as birthdate
      from users u left join user_profiles p on p.user_id = u.id
      where u.id = ${userId}`),
  );
  return row ?? null;
}

/** The player's addresses. */
export async function playerAddresses(ctx: ServiceContext, userId: string) {
  return rowsOf<{
    address1: string | null;
    city: string | null;
    province: string | null;
    country: string | null;
  }>(
    await ctx.db.execute(
      sql`select address1, city, province, country from user_addresses where user_id = ${userId}`,
    ),
  );
}

/** The player's game registrations, oldest first. */
export async function playerGames(ctx: ServiceContext, userId: string) {
  return rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select game, nickname, level, session_start, created_at, referral_code
      from user_games where user_id = ${userId} order by created_at`),
  );
}

/**
 * The registrations made with any of `codes` (compared without case): how many, and the newest `limit` of
 * them with the player's name.
 */
export async function registrationsWithCodes(
  ctx: ServiceContext,
  codes: string[],
  limit: number,
): Promise<{ total: number; latest: Record<string, unknown>[] }> {
  if (codes.length === 0) return { total: 0, latest: [] };
  const lowered = sql.join(
    codes.map((code) => sql`${code.toLowerCase()}`),
    sql`, `,
  );
  const [latest, counted] = await Promise.all([
    ctx.db.execute(sql`
      select g.user_id, u.name, g.game, g.created_at from user_games g join users u on u.id = g.user_id
      where lower(g.referral_code) in (${lowered})
      order by g.created_at desc limit ${limit}`),
    ctx.db.execute(sql`
      select count(*)::int as total from user_games g where lower(g.referral_code) in (${lowered})`),
  ]);
  return {
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
    latest: rowsOf<Record<string, unknown>>(latest),
  };
}
