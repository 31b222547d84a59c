import { and, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { preparedOnce, preparedStatement } from '../db/prepared';
import { accessTokens } from '../db/schema/index';
import { type ClientInfo, UNKNOWN_CLIENT } from './client-info';
import type { ServiceContext } from './context';
import { playerSessionsEnded } from './session-ends';
import { hashToken, randomToken } from './tokens';

export type SessionKind = 'player' | 'admin';

const HOUR = 60 * 60 * 1000;
/** Sliding lifetimes from DESIGN.md: players 30 days, admins 12 hours. */
const SESSION_TTL_MS: Record<SessionKind, number> = { player: 30 * 24 * HOUR, admin: 12 * HOUR };
/**
 * Expiry and last use (the security page's "last seen") are pushed forward at most this often, so reads
 * do not write on every request.
 */
const SLIDE_EVERY_MS = 60 * 1000;

export interface Session {
  id: string;
  kind: SessionKind;
  subjectId: string;
  /** The end of this session's fresh proof (docs/decisions/0038-step-up.md); absent or null: none. */
  stepUpUntil?: Date | null;
  /** When the sign-in that opened it happened: for its first RECENT_SIGN_IN_SECONDS it is a recent proof. */
  signedInAt?: Date;
  /** How that sign-in was proved (`SignInProof`); null for a session opened before it was recorded. */
  signedInWith?: string | null;
}

/**
 * How a sign-in was proved (decision 0063): its first factor ('password', 'passkey', or the provider of a
 * social sign-in), with '+code' when the second step followed.
 */
export type SignInProof = string;

/**
 * Whether the sign-in that opened `session` proved two factors (a passkey, or a code after the first
 * factor); null when the session does not say (opened before sessions recorded it).
 */
export function signedInWithTwoFactors(session: Session): boolean | null {
  if (!session.signedInWith) return null;
  return session.signedInWith === 'passkey' || session.signedInWith.endsWith('+code');
}

/** What issuing a session needs of a service context (tools and benchmarks issue sessions without an app). */
type SessionClockContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * A prepared statement that creates a session and runs `read` in the same statement (one round trip),
 * answering the token, the session's creation time and the rows of `read`. `read` runs on the snapshot
 * before the insert, so it does not see the new session; it may use the insert's placeholders `now` (the
 * creation time, ISO) and `userId` (the player, null for an admin session).
 */
export function sessionIssuer<Row>(name: string, read: SQL) {
  const statement = preparedStatement<Row>(
    name,
    sql`with new_session as (
        insert into ${accessTokens} (token_hash, kind, user_id, admin_id, expires_at, last_used_at, created_at,
          ip, user_agent, signed_in_with)
        values (${sql.placeholder('tokenHash')}, ${sql.placeholder('kind')}, ${sql.placeholder('userId')}::uuid,
          ${sql.placeholder('adminId')}::uuid, ${sql.placeholder('expiresAt')}::timestamptz,
          ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz,
          ${sql.placeholder('ip')}, ${sql.placeholder('userAgent')}, ${sql.placeholder('signedInWith')}))
      ${read}`,
  );
  return async (
    ctx: SessionClockContext,
    kind: SessionKind,
    subjectId: string,
    client: ClientInfo = UNKNOWN_CLIENT,
    signedInWith: SignInProof | null = null,
  ): Promise<{ token: string; issuedAt: Date; rows: Row[] }> => {
    const token = randomToken();
    const now = ctx.clock.now();
    const rows = await statement(ctx.db, {
      tokenHash: hashToken(token),
      kind,
      userId: kind === 'player' ? subjectId : null,
      adminId: kind === 'admin' ? subjectId : null,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS[kind]).toISOString(),
      now: now.toISOString(),
      ip: client.ip,
      userAgent: client.userAgent,
      signedInWith,
    });
    return { token, issuedAt: now, rows };
  };
}

const issueBareSession = sessionIssuer('issue_session', sql`select 1`);

/**
 * Creates a session for the client that signed in, recording how it was proved, and returns the bearer
 * token; only its hash is stored.
 */
export async function issueSession(
  ctx: SessionClockContext,
  kind: SessionKind,
  subjectId: string,
  client: ClientInfo = UNKNOWN_CLIENT,
  signedInWith: SignInProof | null = null,
): Promise<string> {
  return (await issueBareSession(ctx, kind, subjectId, client, signedInWith)).token;
}

const liveSessionQuery = preparedOnce((db) =>
  db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(accessTokens.kind, sql.placeholder('kind')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/** The live session for a bearer token of the given kind, sliding its expiry; null when invalid. */
export async function resolveSession(
  ctx: ServiceContext,
  kind: SessionKind,
  token: string,
): Promise<Session | null> {
  const now = ctx.clock.now();
  const [row] = await liveSessionQuery(ctx.db).execute({
    tokenHash: hashToken(token),
    kind,
    now: now.toISOString(),
  });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SLIDE_EVERY_MS) {
    await ctx.db
      .update(accessTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS[kind]) })
      .where(eq(accessTokens.id, row.id));
  }
  return {
    id: row.id,
    kind,
    subjectId: (kind === 'player' ? row.userId : row.adminId)!,
    stepUpUntil: row.stepUpUntil,
    signedInAt: row.createdAt,
    signedInWith: row.signedInWith,
  };
}

/**
 * Records a fresh proof ("confirm it's you") on one live session, valid until `until`; other sessions of the
 * account keep none. False when the session has ended meanwhile.
 */
export async function grantStepUp(ctx: ServiceContext, sessionId: string, until: Date): Promise<boolean> {
  const rows = await ctx.db
    .update(accessTokens)
    .set({ stepUpUntil: until })
    .where(and(eq(accessTokens.id, sessionId), liveAt(ctx.clock.now())))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

export async function revokeSession(ctx: ServiceContext, sessionId: string): Promise<void> {
  await ctx.db.update(accessTokens).set({ revokedAt: ctx.clock.now() }).where(eq(accessTokens.id, sessionId));
}

/**
 * Ends every session of a player (password change, reset, suspension) or an admin (deactivation); answers
 * how many were live.
 */
export async function revokeAllSessions(
  ctx: ServiceContext,
  subject: { userId: string } | { adminId: string },
): Promise<number> {
  const column = 'userId' in subject ? accessTokens.userId : accessTokens.adminId;
  const id = 'userId' in subject ? subject.userId : subject.adminId;
  const revoked = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(column, id), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  if ('userId' in subject) await playerSessionsEnded(ctx, subject.userId);
  return revoked.length;
}

/** Removes sessions that can no longer be used; run by the scheduler. */
export async function purgeDeadSessions(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .delete(accessTokens)
    .where(sql`${accessTokens.expiresAt} < ${ctx.clock.now()} - interval '7 days'`);
}

/** Whose sessions: a player's or a staff member's. */
export type SessionOwner = Pick<Session, 'kind' | 'subjectId'>;

/** The owner column and condition of a session's subject (a player's or an admin's sessions). */
function ownedBy(owner: SessionOwner): SQL {
  const column = owner.kind === 'player' ? accessTokens.userId : accessTokens.adminId;
  return and(eq(accessTokens.kind, owner.kind), eq(column, owner.subjectId))!;
}

function liveAt(now: Date): SQL {
  return and(isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now))!;
}

export interface LiveSession {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  ip: string | null;
  userAgent: string | null;
  signedInWith: string | null;
}

/**
 * The live sessions of `owner` (a player or an admin), most recently used first; the first `limit` of them
 * when given (support's player detail shows the newest few).
 */
export async function listLiveSessions(
  ctx: ServiceContext,
  owner: SessionOwner,
  limit?: number,
): Promise<LiveSession[]> {
  const live = ctx.db
    .select({
      id: accessTokens.id,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
      ip: accessTokens.ip,
      userAgent: accessTokens.userAgent,
      signedInWith: accessTokens.signedInWith,
    })
    .from(accessTokens)
    .where(and(ownedBy(owner), liveAt(ctx.clock.now())))
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt));
  return limit === undefined ? live : live.limit(limit);
}

/** Ends one live session of the same owner as `owner`; false when there is none with that id. */
export async function revokeOwnedSession(
  ctx: ServiceContext,
  owner: Session,
  sessionId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, sessionId), ownedBy(owner), liveAt(now)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

/** Ends every live session of the owner except `current` itself; answers how many ended. */
export async function revokeOtherSessions(ctx: ServiceContext, current: Session): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(ownedBy(current), liveAt(now), ne(accessTokens.id, current.id)))
    .returning({ id: accessTokens.id });
  // Signing out everywhere else also signs the player out of every app.
  if (current.kind === 'player') await playerSessionsEnded(ctx, current.subjectId);
  return rows.length;
}

/** Ends the live ones among the player's sessions `ids` (the portal sessions behind an app's sign-in); answers how many. */
export async function endPlayerSessionsById(
  ctx: ServiceContext,
  userId: string,
  ids: string[],
): Promise<number> {
  const ended = await ctx.db
    .update(accessTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        inArray(accessTokens.id, ids),
        eq(accessTokens.userId, userId),
        eq(accessTokens.kind, 'player'),
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ id: accessTokens.id });
  return ended.length;
}

/** Whether one of the player's sessions `ids` is still live. */
export async function anySessionLive(ctx: ServiceContext, userId: string, ids: string[]): Promise<boolean> {
  const live = await ctx.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(
      and(
        inArray(accessTokens.id, ids),
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, ctx.clock.now()),
      ),
    )
    .limit(1);
  return live.length > 0;
}

/** When a session signed in and until when its step-up lasts; undefined for an unknown session. */
export async function sessionProofTimes(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ createdAt: Date; stepUpUntil: Date | null } | undefined> {
  const [row] = await ctx.db
    .select({ createdAt: accessTokens.createdAt, stepUpUntil: accessTokens.stepUpUntil })
    .from(accessTokens)
    .where(eq(accessTokens.id, sessionId))
    .limit(1);
  return row;
}

/** A statement listing a player's sessions, oldest first, as the player's data export shows them. */
export const playerSessionsForExport = (userId: string) =>
  sql`select created_at, last_used_at, expires_at, revoked_at, ip, user_agent
            from ${accessTokens} where kind = 'player' and user_id = ${userId} order by created_at`;
