import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../lib/context';
import { forbidden, unauthenticated } from '../lib/errors';
import { resolveSession, type Session, type SessionKind } from '../lib/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePlayer: the signed-in player's session (subjectId is the user id). */
    player: Session | null;
    /** Set by requireAdmin: the signed-in admin's session (subjectId is the admin id). */
    admin: Session | null;
  }
  interface FastifyInstance {
    requirePlayer(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Session guards, used as onRequest hooks so authentication comes before body validation. A missing or dead token is 401. A live token of the other kind on
 * an admin route is 403, so a player token can never open the back-office.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: ServiceContext }) => {
  const { db, clock } = opts.ctx;
  app.decorateRequest('player', null);
  app.decorateRequest('admin', null);

  const resolve = (kind: SessionKind, token: string) => resolveSession(db, clock, kind, token);

  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await resolve('player', token);
    if (!session) throw unauthenticated('Your session has ended. Please sign in again.');
    request.player = session;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated('Please sign in as an admin.');
    const session = await resolve('admin', token);
    if (session) {
      request.admin = session;
      return;
    }
    if (await resolve('player', token)) throw forbidden('This needs an admin account.');
    throw unauthenticated('Your admin session has ended. Please sign in again.');
  });
});
