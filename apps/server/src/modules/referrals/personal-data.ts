import { sql } from 'drizzle-orm';
import { accountDirectory } from '../../lib/account-directory';
import { exportRows, type PersonalData } from '../../lib/personal-data';

/**
 * The player's referral codes, each with the players who registered with it, by game nickname only (their
 * names and emails are their own data). The codes stay at erasure: random strings others' counts rely on.
 */
export const referralsPersonalData: PersonalData = {
  tables: { referral_codes: 'kept: random codes that other players registered with' },
  async export(ctx, userId) {
    const [codes, uses] = await Promise.all([
      exportRows(
        ctx,
        sql`select code, game, url, visit_count, created_at from referral_codes
            where owner_user_id = ${userId} order by created_at`,
      ),
      exportRows(
        ctx,
        sql`select c.code, g.game, g.nickname, g.created_at as registered_at
            from referral_codes c
            join ${accountDirectory().playerGames} g on g.game = c.game and lower(g.referral_code) = lower(c.code)
            where c.owner_user_id = ${userId} and g.user_id <> ${userId}
            order by g.created_at`,
      ),
    ]);
    return {
      referral_codes: codes.map((code) => ({
        ...code,
        used_by: uses
          .filter((use) => use.code === code.code)
          .map(({ game, nickname, registered_at }) => ({ game, nickname, registered_at })),
      })),
    };
  },
};
