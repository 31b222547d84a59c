import { type AnalyticsRange, analyticsRangeSchema, type Game, gameSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import { validationError } from '../../lib/errors';
import * as activity from './activity';
import * as ccu from './concurrency';
import * as demographics from './demographics';
import * as downloads from './downloads';
import * as referrals from './referrals';
import * as registrations from './registrations';
import { createReplyCache, registrationRollupVersion } from './reply-cache';
import * as retention from './retention';
import * as sales from './sales';

/** Longest range a series may span (ten years of days). */
const MAX_RANGE_DAYS = 3660;

type Handler = (ctx: ServiceContext, game: Game | undefined, range: AnalyticsRange) => Promise<unknown>;

interface Route {
  path: string;
  /** Game fixed by the path; otherwise `:game` in the path or `?game=`, else `defaultGame`. */
  game?: Game;
  defaultGame?: Game;
  handler: Handler;
  /** Reads only the registration rollups and not the clock: its reply is reused until they change. */
  registrationSeries?: true;
}

const g = (game: Game | undefined) => game as Game;

/**
 * A series for one game: the game comes from `:game` in the path or `?game=`, else `defaultGame`
 * (the handler is given it as a Game, as before).
 */
function series(
  path: string,
  handler: (ctx: ServiceContext, game: Game, range: AnalyticsRange) => Promise<unknown>,
  defaultGame?: Game,
): Route {
  return {
    path,
    ...(defaultGame ? { defaultGame } : {}),
    handler: (ctx, game, r) => handler(ctx, g(game), r),
  };
}

/** Every analytics path of spec section 7 (except /api/all-referralCodes, owned by admin tables). */
const ROUTES: Route[] = [
  ...(['caliber', 'yggdra'] as const).flatMap((game): Route[] => [
    {
      path: `/api/${game}-daily-registration-count`,
      game,
      handler: async (ctx, _g, r) => ({
        registrations: await registrations.dailyRegistrations(ctx, game, r),
      }),
      registrationSeries: true,
    },
    {
      path: `/api/${game}-total-count`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations`]: (await registrations.registrationTotals(ctx, game)).total,
      }),
    },
    {
      path: `/api/${game}-total-count-today`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations_today`]: (await registrations.registrationTotals(ctx, game)).today,
      }),
    },
    {
      path: `/api/${game}-total-count-this-month`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations_for_this_month`]: (await registrations.registrationTotals(ctx, game))
          .month,
      }),
    },
  ]),
  ...[
    series('/api/weekly-registration-count/:game', async (ctx, game, r) => ({
      weekly_registrations: await registrations.weeklyRegistrations(ctx, game, r),
    })),
    series('/api/registrations/weekly/:game', registrations.registrationsByWeek),
    series('/api/monthly-registrations/:game', registrations.monthlyRegistrations),
    { path: '/api/age-distribution/:game', handler: demographics.ageDistribution },
    { path: '/api/age-distribution', handler: demographics.ageDistribution },
    { path: '/api/country-distribution', handler: demographics.countryDistribution },
    { path: '/api/daily-referralCodes', handler: referrals.dailyReferrals },
    { path: '/api/total-caliber-referral', game: 'caliber' as const, handler: referrals.referralTotals },
  ].map((route): Route => ({ ...route, registrationSeries: true })),
  series('/api/daily-active-users', activity.dailyActiveUsers, 'caliber'),
  { ...series('/api/tr-daily-active-users', activity.dailyActiveUsers), game: 'talesrunner' },
  series('/api/game-downloads', downloads.gameDownloads, 'caliber'),
  series('/api/weekly-users-per-day/:game', activity.weeklyUsersPerDay),
  series('/api/monthly-users-per-day/:game', activity.monthlyUsersPerDay),
  { path: '/api/sales/byStoreType', handler: sales.salesByStoreType },
  // The endpoints the original client fetched without using; definitions in docs/analytics.md.
  series('/api/calculateLTV', sales.lifetimeValue, 'yggdra'),
  series('/api/buyingUsersList', sales.buyingUsers, 'yggdra'),
  series('/api/getWeeklySalesPerYear', sales.weeklySalesPerYear, 'yggdra'),
  series('/api/getCcuAndActiveUsers', ccu.ccuAndActiveUsers, 'caliber'),
  series('/api/getCCUDataToday', (ctx, game) => ccu.ccuToday(ctx, game), 'caliber'),
  series('/api/getCCUDataWeekly', (ctx, game) => ccu.ccuWeekly(ctx, game), 'caliber'),
  series('/api/getStickinessReport', retention.stickiness, 'caliber'),
  series('/api/getMonthlyCCU', ccu.monthlyCcu, 'caliber'),
  series('/api/getChurnRateReport', retention.churnRate, 'caliber'),
  series('/api/getMauBasedChurnReport', retention.mauChurn, 'caliber'),
  series('/api/getWeeklyRetention/:game', retention.weeklyRetention),
  series('/api/getReturningUsersRetention/:game', retention.returningUsers),
  series('/api/getDailyActiveRetention/:game', retention.dailyActiveRetention),
  series('/api/getPurchaseRetention', retention.purchaseRetention, 'yggdra'),
  series('/api/getItemSales', sales.itemSales, 'yggdra'),
  series(
    '/api/getNewBuyingUsers',
    async (ctx, game, r) =>
      (await sales.buyingUsers(ctx, game, r)).map((row) => ({ date: row.date, new_buyers: row.new_buyers })),
    'yggdra',
  ),
  series(
    '/api/getReturningBuyingUsers',
    async (ctx, game, r) =>
      (await sales.buyingUsers(ctx, game, r)).map((row) => ({
        date: row.date,
        returning_buyers: row.returning_buyers,
      })),
    'yggdra',
  ),
  series('/api/getWeeklyRevenue', sales.weeklyRevenue, 'yggdra'),
];

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cachedReply = createReplyCache();
  for (const route of ROUTES) {
    const hasParam = route.path.includes(':game');
    r.get(
      route.path,
      {
        onRequest: app.requireAdmin,
        config: { staff: 'analytics.read' },
        schema: {
          tags: ['analytics'],
          querystring: analyticsRangeSchema,
          ...(hasParam ? { params: z.object({ game: gameSchema }) } : {}),
        },
      },
      async (request, reply) => {
        const { fromDate, toDate, game: queryGame } = request.query;
        if (fromDate && toDate && daysBetween(fromDate, toDate) > MAX_RANGE_DAYS)
          throw validationError({ toDate: ['The date range is at most ten years.'] });
        let game: Game | undefined = route.game;
        if (!game && hasParam) game = (request.params as { game: Game }).game;
        if (!game && queryGame !== undefined) {
          const parsed = gameSchema.safeParse(queryGame);
          if (!parsed.success) throw validationError({ game: ['Unknown game.'] });
          game = parsed.data;
        }
        game ??= route.defaultGame;
        const range = { fromDate, toDate };
        if (!route.registrationSeries) return route.handler(app.ctx, game, range);
        const version = await registrationRollupVersion(app.ctx);
        const key = JSON.stringify([route.path, game, fromDate, toDate]);
        return reply
          .type('application/json; charset=utf-8')
          .send(await cachedReply(key, version, () => route.handler(app.ctx, game, range)));
      },
    );
  }
}
