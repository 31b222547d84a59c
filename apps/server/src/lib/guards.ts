import { MFA_MESSAGES } from '@portal/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { totpCredentials, users } from '../db/schema/index';
import type { ServiceContext } from './context';
import { forbidden, unauthenticated } from './errors';
import { resolveSession, type Session, type SessionKind } from './sessions';

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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An admin route open while ADMIN_MFA=required waits for the admin's two-step setup (setup, logout, me). */
    twoStepSetup?: boolean;
  }
}

/**
 * The session guards, run as onRequest hooks so authentication comes before body validation. A missing or
 * dead token is 401. A live token of the other kind on an admin route is 403, so a player token can never
 * open the back-office.
 */
export function sessionGuards({ db, clock, config }: Pick<ServiceContext, 'db' | 'clock' | 'config'>) {
  const resolve = (kind: SessionKind, token: string): Promise<Session | null> =>
    resolveSession(db, clock, kind, token);

  async function requirePlayer(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await resolve('player', token);
    if (!session) throw unauthenticated('Your session has ended. Please sign in again.');
    request.player = session;
  }

  /**
   * ADMIN_MFA=required: an admin session without TOTP on reaches only the routes marked `twoStepSetup`
   * (docs/decisions/0031-two-step-verification.md); every other admin route answers 403.
   */
  async function requireAdminTwoStep(request: FastifyRequest, admin: Session) {
    if (config.ADMIN_MFA !== 'required' || request.routeOptions.config.twoStepSetup) return;
    const [enabled] = await db
      .select({ id: totpCredentials.id })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.adminId, admin.subjectId), isNotNull(totpCredentials.enabledAt)))
      .limit(1);
    if (!enabled) throw forbidden(MFA_MESSAGES.setupRequired);
  }

  async function requireAdmin(request: FastifyRequest) {
    // Already authenticated by the route's signed download link (lib/download-links' acceptDownloadLink).
    if (request.admin) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated('Please sign in as an admin.');
    const session = await resolve('admin', token);
    if (session) {
      await requireAdminTwoStep(request, session);
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
      await requireAdminTwoStep(request, admin);
      request.salesViewer = admin;
      return;
    }
    const player = await resolve('player', token);
    if (!player) throw unauthenticated('Your session has ended. Please sign in again.');
    const [user] = await db
      .select({ role: users.role, accountStatus: users.accountStatus })
      .from(users)
      .where(eq(users.id, player.subjectId));
    if (user?.role !== 'admin' || user.accountStatus !== 'active')
      throw forbidden('The sales dashboard is for admins only.');
    request.salesViewer = player;
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

  return { requirePlayer, requireAdmin, requireSalesViewer, guardOf };
}
