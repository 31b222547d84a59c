import { PLAYER_ACTION_MESSAGES, type PlayerDetail } from '@portal/contract';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/paging';
import { listLiveSessions } from '../../lib/sessions';
import { findPlayerRecord, playerAddresses, playerGames, registrationsWithCodes } from '../accounts';
import { listAudit } from '../audit';
import { isTotpEnabled } from '../mfa';
import { latestOrdersOf } from '../orders';
import { pendingDeletion } from '../privacy';
import { referralCodesOwnedBy } from '../referrals';
import { deviceLabel, listSecurityEvents } from '../security';
import type { StaffActor } from './player-actions';

/** The newest this many of each list: a ticket needs the recent past; the full trail has its own pages. */
const LATEST = 20;

/** The audit action of a staff member opening a player's detail. */
const PLAYER_VIEW_ACTION = 'users.view';

const at = (value: unknown) => iso(value) ?? '';

/**
 * One player for support: profile, games, referral code and who used it, orders, live sessions, sign-in
 * history and the staff actions on them; each opening is itself audited. Every list is bounded and read
 * by an index on the player's id, so the reply costs the same with a million players. Each module's tables
 * are read through that module.
 */
export async function playerDetail(
  ctx: ServiceContext,
  userId: string,
  viewer: StaffActor,
): Promise<PlayerDetail> {
  const user = await findPlayerRecord(ctx, userId);
  if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);

  const player = { kind: 'player', subjectId: userId } as const;
  const [twoStep, addresses, games, referrals, orders, sessions, events, audit] = await Promise.all([
    isTotpEnabled(ctx, { kind: 'player', id: userId }),
    playerAddresses(ctx, userId),
    playerGames(ctx, userId),
    referralCodesOwnedBy(ctx, userId).then((codes) => registrationsWithCodes(ctx, codes, LATEST)),
    latestOrdersOf(ctx, userId, LATEST),
    listLiveSessions(ctx, player, LATEST),
    listSecurityEvents(ctx, player),
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
      two_step: twoStep,
      gender: (user.gender as string | null) ?? null,
      birthdate: (user.birthdate as string | null) ?? null,
      pending_deletion: pendingDeletion(
        user.deletion_requested_at ? new Date(at(user.deletion_requested_at)) : null,
      ),
      erased_at: iso(user.erased_at),
    },
    addresses,
    games: games.map((g) => ({
      game: String(g.game),
      nickname: (g.nickname as string | null) ?? null,
      level: Number(g.level),
      last_session: iso(g.session_start),
      registered_at: at(g.created_at),
      referral_code: (g.referral_code as string | null) ?? null,
    })),
    referrals: {
      total: referrals.total,
      latest: referrals.latest.map((r) => ({
        user_id: String(r.user_id),
        name: String(r.name),
        game: String(r.game),
        at: at(r.created_at),
      })),
    },
    orders,
    sessions: sessions.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastUsedAt.toISOString(),
      ip: s.ip,
      device: deviceLabel(s.userAgent),
    })),
    events,
    audit: audit.entries,
  };
}
