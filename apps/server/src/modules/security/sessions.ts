import { type RevokeOthersReply, SECURITY_MESSAGES, type SessionInfo } from '@portal/contract';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { listLiveSessions, revokeOtherSessions, revokeOwnedSession, type Session } from '../../lib/sessions';
import { deviceLabel } from './device';
import { ownerOf, recordSecurityEvent } from './events';
import { recentlyAddedPasskeys } from './recent-additions';

const ownSubject = (session: Session) => ({ kind: session.kind, id: session.subjectId });

/** The live sessions of the signed-in account, the one making the request marked `current`. */
export async function listSessions(ctx: ServiceContext, current: Session): Promise<SessionInfo[]> {
  const sessions = await listLiveSessions(ctx, current);
  return sessions.map((session) => ({
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastUsedAt.toISOString(),
    ip: session.ip,
    user_agent: session.userAgent,
    device: deviceLabel(session.userAgent),
    signed_in_with: session.signedInWith,
    current: session.id === current.id,
  }));
}

/**
 * Signs out one session of the same account (the current one too: that is signing out). 404 for an id
 * that is not a live session of this account, whoever's it is, so ids of others reveal nothing.
 */
export async function signOutSession(
  ctx: ServiceContext,
  current: Session,
  sessionId: string,
  client: ClientInfo,
): Promise<{ message: string }> {
  const revoked = await ctx.transaction(async (tx) => {
    if (!(await revokeOwnedSession(tx, current, sessionId))) return false;
    const details = { sessionId, current: sessionId === current.id };
    await auditOwnSecurity(tx, ownSubject(current), {
      action: 'staff.session_revoked',
      ip: client.ip,
      details,
    });
    return true;
  });
  if (!revoked) throw notFound(SECURITY_MESSAGES.sessionNotFound);
  await recordSecurityEvent(ctx, {
    ...ownerOf(current),
    ...client,
    kind: 'session_revoked',
    detail: sessionId === current.id ? 'this session' : null,
    at: ctx.clock.now(),
  });
  return { message: SECURITY_MESSAGES.sessionRevoked };
}

/**
 * "Sign out everywhere else": every other live session of the account ends; this one stays. Answers the
 * passkeys added in the last days too (decision 0038).
 */
export async function signOutOtherSessions(
  ctx: ServiceContext,
  current: Session,
  client: ClientInfo,
): Promise<RevokeOthersReply> {
  const revoked = await ctx.transaction(async (tx) => {
    const count = await revokeOtherSessions(tx, current);
    const details = { revoked: count };
    if (count > 0)
      await auditOwnSecurity(tx, ownSubject(current), {
        action: 'staff.other_sessions_revoked',
        ip: client.ip,
        details,
      });
    return count;
  });
  if (revoked > 0)
    await recordSecurityEvent(ctx, {
      ...ownerOf(current),
      ...client,
      kind: 'other_sessions_revoked',
      detail: String(revoked),
      at: ctx.clock.now(),
    });
  // Passkeys outlive every session: the ones added lately are named, so the page can offer to remove them.
  const recent = await recentlyAddedPasskeys(ctx, ownerOf(current));
  return {
    message: SECURITY_MESSAGES.othersRevoked(revoked),
    revoked,
    recent_passkeys: recent.map((p) => ({ name: p.name, added_at: p.addedAt.toISOString() })),
  };
}
