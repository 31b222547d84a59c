import {
  SECURITY_EVENTS_SHOWN,
  SECURITY_TEXT_LIMITS,
  type SecurityEvent,
  type SecurityEventKind,
} from '@portal/contract';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/prepared';
import { securityEvents } from '../../db/schema/index';
import { boundedText } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { Session, SessionOwner } from '../../lib/sessions';
import { deviceLabel } from './device';

/** Whose history an event belongs to: a player's or an admin's. */
export type SecurityEventOwner = { userId: string; adminId?: never } | { adminId: string; userId?: never };

export type SecurityEventInput = SecurityEventOwner & {
  kind: SecurityEventKind;
  /** The client's address and user agent (`clientInfo(request)` gives both); cut to their limits here. */
  ip?: string | null;
  userAgent?: string | null;
  /** A short note, e.g. how one signed in ('password', 'google', 'launcher-pin'); never a secret. */
  detail?: string | null;
  /** When it happened; the clock's now by default. */
  at?: Date;
};

/** The history owner of a session. */
export function ownerOf(session: Session): SecurityEventOwner {
  return session.kind === 'player' ? { userId: session.subjectId } : { adminId: session.subjectId };
}

const insertEvent = preparedOnce((db) =>
  db
    .insert(securityEvents)
    .values({
      userId: sql.placeholder('userId'),
      adminId: sql.placeholder('adminId'),
      kind: sql.placeholder('kind'),
      ip: sql.placeholder('ip'),
      userAgent: sql.placeholder('userAgent'),
      detail: sql.placeholder('detail'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare('record_security_event'),
);

/**
 * Appends one event to an account's security history: one prepared insert. It never fails the caller's
 * request: a failed write (a deleted account, a database hiccup) is logged and dropped, because the
 * sign-in or change it describes has already happened or been refused. Pass the app's context, not a
 * transaction's (a failed insert would abort the transaction): inside one, register it with `afterCommit`.
 */
export async function recordSecurityEvent(ctx: ServiceContext, event: SecurityEventInput): Promise<void> {
  try {
    await insertEvent(ctx.db).execute({
      userId: event.userId ?? null,
      adminId: event.adminId ?? null,
      kind: event.kind,
      ip: boundedText(event.ip, SECURITY_TEXT_LIMITS.ip),
      userAgent: boundedText(event.userAgent, SECURITY_TEXT_LIMITS.userAgent),
      detail: boundedText(event.detail, SECURITY_TEXT_LIMITS.detail),
      // A Date: drizzle maps the timestamp placeholder through the column, which calls toISOString itself.
      createdAt: event.at ?? new Date(),
    });
  } catch (error) {
    console.warn('A security event was not recorded.', { kind: event.kind, error });
  }
}

/** The newest events of a player or a staff member (a session's owner), newest first. */
export async function listSecurityEvents(
  ctx: ServiceContext,
  session: SessionOwner,
): Promise<SecurityEvent[]> {
  const owner =
    session.kind === 'player'
      ? and(isNotNull(securityEvents.userId), eq(securityEvents.userId, session.subjectId))
      : and(isNotNull(securityEvents.adminId), eq(securityEvents.adminId, session.subjectId));
  const rows = await ctx.db
    .select()
    .from(securityEvents)
    .where(owner)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(SECURITY_EVENTS_SHOWN);
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    device: deviceLabel(row.userAgent),
    detail: row.detail,
  }));
}

/** How long the history is kept (decision 0030). */
const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Deletes events older than the retention; run by the scheduler. */
export async function pruneSecurityEvents(ctx: ServiceContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - RETENTION_MS);
  await ctx.db.delete(securityEvents).where(lt(securityEvents.createdAt, cutoff));
}
