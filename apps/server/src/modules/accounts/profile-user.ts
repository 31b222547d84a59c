import { PIN_MASK, type ProfileUser } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { listPersonalReferralCodes } from '../referrals/service';
import { pendingEmailChange } from './account-tokens';

/** Whole years between `birthdate` (YYYY-MM-DD) and `now`, in UTC. */
export function ageOn(birthdate: string | null, now: Date): number | null {
  if (!birthdate) return null;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * The spec's User shape (section 3) for the profile, login and game registration replies. The PIN is
 * reported only as PIN_MASK when one is set; no hash ever leaves the server.
 */
export async function toProfileUser(ctx: ServiceContext, userId: string): Promise<ProfileUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('This account no longer exists.');
  const [[profile], addresses, games, codes, pendingEmail] = await Promise.all([
    ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1),
    ctx.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.id))
      .limit(1),
    ctx.db
      .select()
      .from(userGames)
      .where(and(eq(userGames.userId, userId), inArray(userGames.game, ['caliber', 'talesrunner'])))
      .orderBy(asc(userGames.createdAt)),
    listPersonalReferralCodes(ctx, userId),
    pendingEmailChange(ctx, userId),
  ]);
  const caliber = games.find((g) => g.game === 'caliber');
  const birthdate = profile?.birthdate ?? null;
  return {
    uuid: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    timeZone: user.timeZone,
    isp: user.isp,
    account_status: user.accountStatus,
    created_at: user.createdAt.toISOString(),
    role: user.role,
    referral_code: user.referralCode,
    nickname: caliber?.nickname ?? null,
    pin: caliber?.pinHash ? PIN_MASK : null,
    profile: {
      gender: profile?.gender ?? null,
      birthdate,
      age: ageOn(birthdate, ctx.clock.now()),
      occupation: profile?.occupation ?? null,
    },
    addresses: addresses.map((a) => ({
      address1: a.address1,
      city: a.city,
      province: a.province,
      country: a.country,
    })),
    games: games.map((g) => ({
      id: g.id,
      name: g.game as 'caliber' | 'talesrunner',
      created_at: g.createdAt.toISOString(),
    })),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    pending_email: pendingEmail,
    my_referral_codes: codes,
  };
}
