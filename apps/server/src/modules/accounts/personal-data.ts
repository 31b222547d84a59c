import { eq, sql } from 'drizzle-orm';
import { accountEmailRequests, userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { clearPasswordFailures, emailLockoutKey } from '../../lib/lockout';
import { forgetMailTo } from '../../lib/mail/outbox';
import { exportRows, type PersonalData } from '../../lib/personal-data';
import { playerTwoStepOn } from '../mfa';

/**
 * The account itself. Erasure anonymises the users row rather than deleting it, because orders name it and
 * accounting keeps them: name, email (a unique placeholder, so the address can register again), phone, time
 * zone and ISP go, with the profile, addresses, nicknames, PIN, pending links, the emails sent to the player,
 * the mails asked for the address and its count of wrong passwords (lib's outbox and lockout find them by
 * the address, which only this erasure still reads).
 */
export const accountsPersonalData: PersonalData = {
  tables: {
    users:
      'anonymised: name, email, phone, time zone and ISP replaced or cleared; the row stays for the orders',
    user_profiles: 'gender, birthdate and occupation cleared',
    user_addresses: 'deleted',
    user_games: 'nickname, PIN and session start cleared; the registration stays for the counts',
    account_email_requests: "deleted: the verification or reset mails asked for the player's address",
  },
  async export(ctx, userId) {
    const [profile] = await exportRows(
      ctx,
      sql`select u.id, u.name, u.email, u.email_verified_at, u.phone_number, u.time_zone, u.isp,
            u.account_status, u.referral_code as referral_code_used, u.deletion_requested_at, u.created_at,
            u.updated_at, p.gender, p.birthdate::text as birthdate, p.occupation,
            ${playerTwoStepOn(sql`u.id`)} as two_step_enabled
          from users u left join user_profiles p on p.user_id = u.id
          where u.id = ${userId}`,
    );
    if (!profile) throw notFound();
    const [addresses, games] = await Promise.all([
      exportRows(
        ctx,
        sql`select address1, city, province, country from user_addresses where user_id = ${userId}`,
      ),
      exportRows(
        ctx,
        sql`select game, nickname, level, referral_code as referral_code_used, session_start, created_at
            from user_games where user_id = ${userId} order by created_at`,
      ),
    ]);
    return { profile, addresses, games };
  },
  async erase(tx, userId) {
    const { db } = tx;
    const now = tx.clock.now();
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // Emails kept in the outbox name the player and carry their address; so do the requests for one, and
    // the password lockout counts by it.
    if (before) {
      await forgetMailTo(tx, before.email);
      await db
        .delete(accountEmailRequests)
        .where(sql`lower(${accountEmailRequests.email}) = lower(${before.email})`);
      await clearPasswordFailures(tx, 'player', emailLockoutKey(before.email));
    }
    await db
      .update(users)
      .set({
        name: 'Deleted player',
        email: `erased-${userId}@erased.invalid`,
        emailVerifiedAt: null,
        passwordHash: null,
        phoneNumber: null,
        timeZone: null,
        isp: null,
        deletionRequestedAt: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await db
      .update(userProfiles)
      .set({ gender: null, birthdate: null, occupation: null })
      .where(eq(userProfiles.userId, userId));
    await db.delete(userAddresses).where(eq(userAddresses.userId, userId));
    await db
      .update(userGames)
      .set({ nickname: null, pinHash: null, sessionStart: null, updatedAt: now })
      .where(eq(userGames.userId, userId));
  },
};
