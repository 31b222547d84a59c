import { GAMES } from '@portal/contract';
import { count } from 'drizzle-orm';
import { gameEvents, userGames } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { rebuildRegistrationRollups, rollupPaidOrders } from '../modules/analytics';
import { ingestEvents } from '../modules/events';
import { orderSalesFeed } from '../modules/orders';

const DAYS = 120;

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * About four months of game activity for the demo players (sessions, level-ups, downloads), sent through
 * the real ingestion pipeline so the rollups are filled exactly as in production; then the registration
 * and sales rollups are built. Does nothing when events exist.
 */
export async function seedAnalyticsDemo(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const [existing] = await ctx.db.select({ n: count() }).from(gameEvents);
  if ((existing?.n ?? 0) > 0) return null;
  // Demo-only read of who plays what (the accounts module's table), to aim the fake game servers.
  const players = await ctx.db
    .select({ userId: userGames.userId, game: userGames.game })
    .from(userGames)
    .orderBy(userGames.createdAt, userGames.userId);
  const rand = random(2026);
  const now = ctx.clock.now().getTime();
  const dayMs = 86_400_000;
  const start = now - DAYS * dayMs;
  let events = 0;
  for (const game of GAMES) {
    const list: Record<string, unknown>[] = [];
    const gamePlayers = players.filter((p) => p.game === game);
    const levels = new Map<string, number>();
    for (let d = 0; d <= DAYS; d++) {
      const dayStart = start + d * dayMs;
      for (const p of gamePlayers) {
        if (rand() > 0.65) continue;
        const s = dayStart + Math.floor(rand() * 20 * 3_600_000);
        const e = Math.min(s + (10 + Math.floor(rand() * 110)) * 60_000, now - 60_000);
        if (e <= s) continue;
        list.push({
          id: `demo-${game}-s-${d}-${p.userId}`,
          type: 'session',
          player: p.userId,
          start: new Date(s).toISOString(),
          end: new Date(e).toISOString(),
        });
        if (rand() < 0.2) {
          const level = (levels.get(p.userId) ?? 1) + 1;
          levels.set(p.userId, level);
          list.push({
            id: `demo-${game}-l-${d}-${p.userId}`,
            type: 'level',
            player: p.userId,
            level,
            at: new Date(e).toISOString(),
          });
        }
      }
      const at = Math.min(dayStart + 12 * 3_600_000, now - 60_000);
      list.push({
        id: `demo-${game}-d-${d}`,
        type: 'download',
        at: new Date(at).toISOString(),
        count: 3 + Math.floor(rand() * 25),
      });
    }
    for (let i = 0; i < list.length; i += 1000) {
      const reply = await ingestEvents(ctx, game, { events: list.slice(i, i + 1000) });
      events += reply.stored;
    }
  }
  await rebuildRegistrationRollups(ctx);
  const sales = await rollupPaidOrders(ctx, orderSalesFeed).catch(() => 0);
  return { events, orders: sales };
}
