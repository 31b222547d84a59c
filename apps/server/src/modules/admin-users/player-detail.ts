import { PLAYER_ACTION_MESSAGES, type PlayerDetail } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/paging';
import { listAudit } from '../audit';
import { disputeOf, fraudOf } from '../orders';
import { pendingDeletion } from '../privacy';
import { deviceLabel } from '../security';
import type { StaffActor } from './player-actions';

/** The newest this many of each list: a ticket needs the recent past; the full trail has its own pages. */
const LATEST = 20;
const LATEST_EVENTS = 50;

/** The audit action of a staff member opening a player's detail. */
const PLAYER_VIEW_ACTION = 'users.view';

const at = (value: unknown) => iso(value) ?? '';

/**
 * One player for support: profile, games, referral code and who used it, orders, live sessions, sign-in
 * history and the staff actions on them; each opening is itself audited. Every list is bounded and read
 * by an index on the player's id, so the reply costs the same with a million players.
 */
export async function playerDetail(
  ctx: ServiceContext,
  userId: string,
  viewer: StaffActor,
): Promise<PlayerDetail> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const [user] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select u.id, u.name, u.email, u.phone_number, u.account_status, u.email_verified_at, u.created_at,
        u.referral_code, u.deletion_requested_at, u.erased_at, p.gender, p.birthdate::text as birthdate,
        exists (select 1 from totp_credentials t where t.user_id = u.id and t.enabled_at is not null) as two_step
      from users u left join user_profiles p on p.user_id = u.id
      where u.id = ${userId}`),
  );
  if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);

  const [addresses, games, referred, referredCount, orders, sessions, events, audit] = await Promise.all([
    db.execute(sql`select address1, city, province, country from user_addresses where user_id = ${userId}`),
    db.execute(sql`
      select game, nickname, level, session_start, created_at, referral_code
      from user_games where user_id = ${userId} order by created_at`),
    db.execute(sql`
      select g.user_id, u.name, g.game, g.created_at from user_games g join users u on u.id = g.user_id
      where lower(g.referral_code) in (select lower(code) from referral_codes where owner_user_id = ${userId})
      order by g.created_at desc limit ${LATEST}`),
    db.execute(sql`
      select count(*)::int as total from user_games g
      where lower(g.referral_code) in (select lower(code) from referral_codes where owner_user_id = ${userId})`),
    db.execute(sql`
      select o.txnid, o.created_at, o.game, o.status, o.amount::text as amount, o.currency,
        (o.late_paid_at is not null and o.status in ('FAILED', 'SUCCESSFUL')) as refund_due,
        o.fraud_code, o.dispute_status, o.dispute_type, o.dispute_reason, o.dispute_opened_at,
        o.dispute_updated_at,
        (select string_agg(i.name || ' × ' || i.quantity, ', ' order by i.name) from order_items i
          where i.order_id = o.id) as items
      from orders o where o.user_id = ${userId} order by o.created_at desc limit ${LATEST}`),
    db.execute(sql`
      select id, created_at, last_used_at, ip, user_agent from access_tokens
      where user_id = ${userId} and revoked_at is null and expires_at > ${now}
      order by last_used_at desc limit ${LATEST}`),
    db.execute(sql`
      select id::text as id, kind, created_at, ip, user_agent, detail from security_events
      where user_id = ${userId} order by created_at desc, id desc limit ${LATEST_EVENTS}`),
    listAudit(ctx, { target: auditTarget.user(userId), exceptAction: PLAYER_VIEW_ACTION }),
  ]);
  // Who looked at the player, once per opening (the staff trail lists them; this page's list leaves them out).
  await writeAudit(ctx, {
    actor: viewer.session,
    action: PLAYER_VIEW_ACTION,
    target: auditTarget.user(userId),
    ip: viewer.ip,
  });

  return {
    user: {
      id: String(user.id),
      name: String(user.name),
      email: String(user.email),
      phone_number: (user.phone_number as string | null) ?? null,
      account_status: user.account_status as 'active' | 'suspended',
      email_verified_at: iso(user.email_verified_at),
      created_at: at(user.created_at),
      referral_code: (user.referral_code as string | null) ?? null,
      two_step: Boolean(user.two_step),
      gender: (user.gender as string | null) ?? null,
      birthdate: (user.birthdate as string | null) ?? null,
      pending_deletion: pendingDeletion(
        user.deletion_requested_at ? new Date(at(user.deletion_requested_at)) : null,
      ),
      erased_at: iso(user.erased_at),
    },
    addresses: rowsOf<PlayerDetail['addresses'][number]>(addresses),
    games: rowsOf<Record<string, unknown>>(games).map((g) => ({
      game: String(g.game),
      nickname: (g.nickname as string | null) ?? null,
      level: Number(g.level),
      last_session: iso(g.session_start),
      registered_at: at(g.created_at),
      referral_code: (g.referral_code as string | null) ?? null,
    })),
    referrals: {
      total: rowsOf<{ total: number }>(referredCount)[0]?.total ?? 0,
      latest: rowsOf<Record<string, unknown>>(referred).map((r) => ({
        user_id: String(r.user_id),
        name: String(r.name),
        game: String(r.game),
        at: at(r.created_at),
      })),
    },
    orders: rowsOf<Record<string, unknown>>(orders).map((o) => ({
      txnid: String(o.txnid),
      created_at: at(o.created_at),
      game: String(o.game),
      status: String(o.status),
      amount: String(o.amount),
      currency: String(o.currency),
      refund_due: Boolean(o.refund_due),
      items: (o.items as string | null) ?? '',
      fraud: fraudOf(o.fraud_code === null ? null : Number(o.fraud_code)),
      dispute: disputeOf({
        disputeStatus: o.dispute_status as string | null,
        disputeType: o.dispute_type as string | null,
        disputeReason: o.dispute_reason as string | null,
        disputeOpenedAt: o.dispute_opened_at as string | null,
        disputeUpdatedAt: o.dispute_updated_at as string | null,
      }),
    })),
    sessions: rowsOf<Record<string, unknown>>(sessions).map((s) => ({
      id: String(s.id),
      created_at: at(s.created_at),
      last_seen_at: at(s.last_used_at),
      ip: (s.ip as string | null) ?? null,
      device: deviceLabel((s.user_agent as string | null) ?? null),
    })),
    events: rowsOf<Record<string, unknown>>(events).map((e) => ({
      id: String(e.id),
      kind: e.kind as PlayerDetail['events'][number]['kind'],
      created_at: at(e.created_at),
      ip: (e.ip as string | null) ?? null,
      user_agent: (e.user_agent as string | null) ?? null,
      device: deviceLabel((e.user_agent as string | null) ?? null),
      detail: (e.detail as string | null) ?? null,
    })),
    audit: audit.entries,
  };
}
