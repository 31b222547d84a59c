import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../lib/context';
import { type RouteGuard, type SalesViewer, sessionGuards } from '../lib/guards';
import type { Session } from '../lib/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePlayer: the signed-in player's session (subjectId is the user id). */
    player: Session | null;
    /** Set by requireAdmin: the signed-in admin's session (subjectId is the admin id). */
    admin: Session | null;
    /** Set by requireSalesViewer: the admin, or the player with role 'admin', opening the sales dashboard. */
    salesViewer: SalesViewer | null;
  }
  interface FastifyInstance {
    requirePlayer(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    requireSalesViewer(request: FastifyRequest): Promise<void>;
    /** After a session guard: 403 STEP_UP_REQUIRED without this session's recent proof (run by lib/endpoints.ts). */
    requireRecentProof(request: FastifyRequest): Promise<void>;
    /** Every route with the guard it runs and its staff need, collected as routes register (read by the access tests). */
    routeGuards: RouteGuard[];
  }
}

/** Decorates the session guards for routes' onRequest, and records which guard each route runs. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: ServiceContext }) => {
  const guards = sessionGuards(opts.ctx);
  app.decorateRequest('player', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('salesViewer', null);
  app.decorate('requirePlayer', guards.requirePlayer);
  app.decorate('requireAdmin', guards.requireAdmin);
  app.decorate('requireSalesViewer', guards.requireSalesViewer);
  app.decorate('requireRecentProof', guards.requireRecentProof);

  const routeGuards: RouteGuard[] = [];
  app.decorate('routeGuards', routeGuards);
  app.addHook('onRoute', (route) => {
    const guard = guards.guardOf(route.onRequest);
    const staff = route.config?.staff ?? null;
    const proof = route.config?.proof ?? null;
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routeGuards.push({ method, url: route.url, guard, staff, proof });
  });
});
