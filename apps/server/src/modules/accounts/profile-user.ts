import { ERASURE_DELAY_DAYS, type Game, PIN_MASK, type ProfileUser } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { pendingEmailChangeOf } from '../../lib/account-tokens';
import { ageOn } from '../../lib/age';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { sessionIssuer } from '../../lib/sessions';
import { referralCodesJsonOf } from '../referrals';

/** A timestamptz as the ISO string the API answers with (UTC, milliseconds), formatted in SQL. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface ProfileRow {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  time_zone: string | null;
  isp: string | null;
  account_status: ProfileUser['account_status'];
  role: ProfileUser['role'];
  referral_code: string | null;
  created_at: string;
  email_verified_at: string | null;
  gender: ProfileUser['profile']['gender'];
  birthdate: string | null;
  occupation: string | null;
  address: ProfileUser['addresses'][number] | null;
  games: {
    id: string;
    name: Game;
    created_at: string;
    nickname: string | null;
    has_pin: boolean;
  }[];
  codes: ProfileUser['my_referral_codes'];
  pending_email: string | null;
  has_password: boolean;
  /** When a requested deletion erases the account (requested + ERASURE_DELAY_DAYS), or null. */
  erase_at: string | null;
}

/**
 * The one query behind the User reply: every part of it in one round trip. Placeholders: `userId`, and
 * `now` (ISO) for the pending email change.
 */
const profileRowQuery = sql`
      select u.id, u.name, u.email, u.phone_number, u.time_zone, u.isp, u.account_status, u.role, u.referral_code,
        ${isoUtc(sql`u.created_at`)} as created_at, ${isoUtc(sql`u.email_verified_at`)} as email_verified_at,
        u.password_hash is not null as has_password,
        case when u.erased_at is null then ${isoUtc(sql`(u.deletion_requested_at + make_interval(days => ${sql.raw(String(ERASURE_DELAY_DAYS))}))`)} end as erase_at,
        p.gender, p.birthdate::text as birthdate, p.occupation,
        (select json_build_object('address1', a.address1, 'city', a.city, 'province', a.province, 'country', a.country)
           from user_addresses a where a.user_id = u.id order by a.id limit 1) as address,
        coalesce((select json_agg(json_build_object('id', g.id, 'name', g.game, 'created_at', ${isoUtc(sql`g.created_at`)},
             'nickname', g.nickname, 'has_pin', g.pin_hash is not null) order by g.created_at)
           from user_games g where g.user_id = u.id), '[]'::json) as games,
        ${referralCodesJsonOf(sql`u.id`)} as codes,
        ${pendingEmailChangeOf(sql`u.id`, sql`${sql.placeholder('now')}::timestamptz`)} as pending_email
      from users u left join user_profiles p on p.user_id = u.id
      where u.id = ${sql.placeholder('userId')}::uuid`;
const profileRows = preparedStatement<ProfileRow>('profile_user', profileRowQuery);
const issueSessionReadingProfile = sessionIssuer<ProfileRow>('issue_session_with_profile', profileRowQuery);

/**
 * The spec's User shape (section 3) for the profile, login and game registration replies, read in one
 * query (sign-in answers with it, and every round trip there competes with password hashing for the CPU).
 * The PIN is reported only as PIN_MASK when one is set; no hash ever leaves the server.
 */
export async function toProfileUser(ctx: ServiceContext, userId: string): Promise<ProfileUser> {
  const now = ctx.clock.now();
  const [row] = await profileRows(ctx.db, { userId, now: now.toISOString() });
  return profileFromRow(row, now);
}

/**
 * Opens a player session for `client` and reads its User reply in the same statement: a sign-in's last
 * round trip.
 */
export async function issueSessionWithProfile(
  ctx: ServiceContext,
  userId: string,
  client: ClientInfo,
  signedInWith: string,
): Promise<{ token: string; user: ProfileUser }> {
  const { token, issuedAt, rows } = await issueSessionReadingProfile(
    ctx,
    'player',
    userId,
    client,
    signedInWith,
  );
  return { token, user: profileFromRow(rows[0], issuedAt) };
}

function profileFromRow(row: ProfileRow | undefined, now: Date): ProfileUser {
  if (!row) throw notFound('This account no longer exists.');
  const caliber = row.games.find((g) => g.name === 'caliber');
  return {
    uuid: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    timeZone: row.time_zone,
    isp: row.isp,
    account_status: row.account_status,
    created_at: row.created_at,
    role: row.role,
    referral_code: row.referral_code,
    nickname: caliber?.nickname ?? null,
    pin: caliber?.has_pin ? PIN_MASK : null,
    profile: {
      gender: row.gender,
      birthdate: row.birthdate,
      age: ageOn(row.birthdate, now),
      occupation: row.occupation,
    },
    addresses: row.address ? [row.address] : [],
    games: row.games.map((g) => ({ id: g.id, name: g.name, created_at: g.created_at })),
    email_verified_at: row.email_verified_at,
    pending_email: row.pending_email,
    has_password: row.has_password,
    my_referral_codes: row.codes,
    pending_deletion: row.erase_at ? { erase_at: row.erase_at } : null,
  };
}
