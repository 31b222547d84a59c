import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/paging';

type Row = Record<string, unknown>;

/** Timestamps as ISO strings, so the file reads the same from PGlite and PostgreSQL. */
function withIsoDates(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value]),
  );
}

async function rows(ctx: ServiceContext, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await ctx.db.execute(query)).map(withIsoDates);
}

/**
 * GET /api/account/export: everything the portal holds about the player (GDPR art. 15 and 20, Philippine
 * Data Privacy Act sec. 16), as plain JSON. Columns are named one by one so no secret (password or PIN
 * hashes, session tokens, TOTP secrets, recovery codes) can slip in when a table grows. Players who used
 * the player's referral codes appear by game nickname only: their names and emails are their own data.
 */
export async function exportAccountData(ctx: ServiceContext, userId: string) {
  const [profile] = await rows(
    ctx,
    sql`select u.id, u.name, u.email, u.email_verified_at, u.phone_number, u.time_zone, u.isp,
          u.account_status, u.referral_code as referral_code_used, u.deletion_requested_at, u.created_at,
          u.updated_at, p.gender, p.birthdate::text as birthdate, p.occupation,
          exists (select 1 from totp_credentials t where t.user_id = u.id and t.enabled_at is not null)
            as two_step_enabled
        from users u left join user_profiles p on p.user_id = u.id
        where u.id = ${userId}`,
  );
  if (!profile) throw notFound();
  const [addresses, games, referralCodes, referralUses, orders, orderItems, sessions, events] =
    await Promise.all([
      rows(ctx, sql`select address1, city, province, country from user_addresses where user_id = ${userId}`),
      rows(
        ctx,
        sql`select game, nickname, level, referral_code as referral_code_used, session_start, created_at
            from user_games where user_id = ${userId} order by created_at`,
      ),
      rows(
        ctx,
        sql`select code, game, url, visit_count, created_at from referral_codes
            where owner_user_id = ${userId} order by created_at`,
      ),
      rows(
        ctx,
        sql`select c.code, g.game, g.nickname, g.created_at as registered_at
            from referral_codes c
            join user_games g on g.game = c.game and lower(g.referral_code) = lower(c.code)
            where c.owner_user_id = ${userId} and g.user_id <> ${userId}
            order by g.created_at`,
      ),
      rows(
        ctx,
        sql`select id, txnid, game, status, amount, currency, provider, failure_reason, created_at, paid_at
            from orders where user_id = ${userId} order by created_at`,
      ),
      rows(
        ctx,
        sql`select i.order_id, i.sku, i.name, i.quantity, i.unit_price
            from order_items i join orders o on o.id = i.order_id where o.user_id = ${userId}`,
      ),
      rows(
        ctx,
        sql`select created_at, last_used_at, expires_at, revoked_at, ip, user_agent
            from access_tokens where kind = 'player' and user_id = ${userId} order by created_at`,
      ),
      rows(
        ctx,
        sql`select kind, detail, ip, user_agent, created_at from security_events
            where user_id = ${userId} order by created_at, id`,
      ),
    ]);
  return {
    exported_at: ctx.clock.now().toISOString(),
    profile,
    addresses,
    games,
    referral_codes: referralCodes.map((code) => ({
      ...code,
      used_by: referralUses
        .filter((use) => use.code === code.code)
        .map(({ game, nickname, registered_at }) => ({ game, nickname, registered_at })),
    })),
    orders: orders.map(({ id, ...order }) => ({
      ...order,
      items: orderItems.filter((item) => item.order_id === id).map(({ order_id: _order, ...item }) => item),
    })),
    sessions,
    security_events: events,
  };
}
