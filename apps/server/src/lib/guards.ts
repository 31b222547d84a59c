import { type EndpointProof, MFA_MESSAGES, STEP_UP_MESSAGES, type StaffRole } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf } from '../db/rows';
import { accountDirectory } from './account-directory';
import type { ServiceContext } from './context';
import { AppError, forbidden, unauthenticated } from './errors';
import { resolveSession, type Session, type SessionKind, signedInWithTwoFactors } from './sessions';
import { mayCall, type RouteNeed } from './staff-access';

/** What a staff member hears when their role does not open a route. */
export const STAFF_ROLE_REFUSAL = 'Your staff role does not allow this. Ask an owner if you need it.';

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Who opens the sales dashboard: an admin's session, or the session of a player whose role is 'admin'. */
export type SalesViewer = Session;

/** The guard a route runs before anything else; the access walk test reads these from every route. */
export type GuardKind = 'player' | 'admin' | 'sales';

export interface RouteGuard {
  method: string;
  url: string;
  guard: GuardKind | null;
  /** What a staff member needs to call it (the route's `config.staff`). */
  staff: RouteNeed | null;
  /** What the caller proves (the route's `config.proof`, from its declaration). */
  proof: EndpointProof | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An admin route open while ADMIN_MFA=required waits for the admin's two-step setup (setup, logout, me). */
    twoStepSetup?: boolean;
    /** What a staff member needs to call this admin or sales route (lib/staff-access.ts); none: nobody may. */
    staff?: RouteNeed;
    /** What the caller proves, from the endpoint's declaration (lib/endpoints.ts enforces 'recent'). */
    proof?: EndpointProof;
  }
}

/**
 * Whether a staff session counts as signed in with two-step verification (ADMIN_MFA=required): TOTP is on for
 * the account and the session's sign-in proved two factors; a session that does not say how it was proved
 * (opened before sessions recorded it) goes by the account.
 */
export function staffTwoStepProved(twoStepOn: boolean, session: Session): boolean {
  return twoStepOn && signedInWithTwoFactors(session) !== false;
}

/**
 * Whether `session` holds a recent proof at `now` (docs/decisions/0063-proof-declared.md): a step-up of this
 * session not yet run out, or its own sign-in less than `recentSignInSeconds` ago (0: only a step-up counts).
 */
function hasRecentProof(session: Session, now: Date, recentSignInSeconds: number): boolean {
  if (session.stepUpUntil && session.stepUpUntil.getTime() > now.getTime()) return true;
  if (recentSignInSeconds <= 0 || !session.signedInAt) return false;
  return now.getTime() - session.signedInAt.getTime() < recentSignInSeconds * 1000;
}

/**
 * The session guards, run as onRequest hooks so authentication comes before body validation. A missing or
 * dead token is 401. A live token of the other kind on an admin route is 403, so a player token can never
 * open the back-office.
 */
export function sessionGuards(ctx: ServiceContext) {
  const { db, clock, config } = ctx;
  const resolve = (kind: SessionKind, token: string): Promise<Session | null> =>
    resolveSession(ctx, kind, token);

  async function requirePlayer(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await resolve('player', token);
    if (!session) throw unauthenticated('Your session has ended. Please sign in again.');
    request.player = session;
  }

  /**
   * What a live admin session may open, in one read of the staff member: with ADMIN_MFA=required, only the
   * routes marked `twoStepSetup` (docs/decisions/0031-two-step-verification.md) until TOTP is on and the
   * session's own sign-in proved two factors (decision 0063: a session that signed in before two-step was
   * turned on stays limited to setting it up); then only the routes whose declared need (`config.staff`)
   * their role allows (lib/staff-access.ts). Both refusals are 403.
   */
  async function requireStaffAccess(request: FastifyRequest, admin: Session) {
    const [staff] = rowsOf<{ role: StaffRole; two_step_on: boolean }>(
      await db.execute(
        sql`select s.role, s.two_step_on from ${accountDirectory().staff} s where s.id = ${admin.subjectId} limit 1`,
      ),
    );
    if (!staff) throw unauthenticated('Your admin session has ended. Please sign in again.');
    const setupOnly = config.ADMIN_MFA === 'required' && !staffTwoStepProved(staff.two_step_on, admin);
    if (setupOnly && !request.routeOptions.config.twoStepSetup) throw forbidden(MFA_MESSAGES.setupRequired);
    if (!mayCall(staff.role, request.routeOptions.config.staff)) throw forbidden(STAFF_ROLE_REFUSAL);
  }

  async function requireAdmin(request: FastifyRequest) {
    // Already authenticated by the route's signed download link (lib/download-links' acceptDownloadLink);
    // the role is checked again, as it may have changed since the link was made.
    if (request.admin) return requireStaffAccess(request, request.admin);
    const token = bearerToken(request);
    if (!token) throw unauthenticated('Please sign in as an admin.');
    const session = await resolve('admin', token);
    if (session) {
      await requireStaffAccess(request, session);
      request.admin = session;
      return;
    }
    if (await resolve('player', token)) throw forbidden('This needs an admin account.');
    throw unauthenticated('Your admin session has ended. Please sign in again.');
  }

  /** The sales dashboard: an admin token, or an active player whose role is 'admin' (checked here, whatever the client shows). */
  async function requireSalesViewer(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const admin = await resolve('admin', token);
    if (admin) {
      await requireStaffAccess(request, admin);
      request.salesViewer = admin;
      return;
    }
    const player = await resolve('player', token);
    if (!player) throw unauthenticated('Your session has ended. Please sign in again.');
    const [user] = rowsOf<{ role: string; account_status: string }>(
      await db.execute(
        sql`select p.role, p.account_status from ${accountDirectory().players} p where p.id = ${player.subjectId}`,
      ),
    );
    if (user?.role !== 'admin' || user.account_status !== 'active')
      throw forbidden('The sales dashboard is for admins only.');
    request.salesViewer = player;
  }

  /**
   * The recent proof an endpoint declaring `proof: 'recent'` needs (docs/decisions/0063-proof-declared.md),
   * after the session guard: this session's step-up (POST /api/step-up or /api/admin/step-up, 0038) or its
   * own sign-in in its first RECENT_SIGN_IN_SECONDS; else 403 STEP_UP_REQUIRED. Only lib/endpoints.ts runs
   * it, from the declaration.
   */
  async function requireRecentProof(request: FastifyRequest) {
    const session = request.player ?? request.admin ?? request.salesViewer;
    if (!session) throw unauthenticated();
    if (!hasRecentProof(session, clock.now(), config.RECENT_SIGN_IN_SECONDS))
      throw new AppError('STEP_UP_REQUIRED', STEP_UP_MESSAGES.required);
  }

  const kinds = new Map<unknown, GuardKind>([
    [requirePlayer, 'player'],
    [requireAdmin, 'admin'],
    [requireSalesViewer, 'sales'],
  ]);
  /** The guard among a route's onRequest hooks, or null for a route open to anyone. */
  const guardOf = (onRequest: unknown): GuardKind | null =>
    [onRequest]
      .flat()
      .map((hook) => kinds.get(hook))
      .find((kind) => kind !== undefined) ?? null;

  return { requirePlayer, requireAdmin, requireSalesViewer, requireRecentProof, guardOf };
}
