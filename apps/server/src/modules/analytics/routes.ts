import { type AnalyticsRange, analyticsRangeSchema, type Game, gameSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context';
import { validationError } from '../../lib/errors';
import * as s from './service';

/** Longest range a series may span (ten years of days). */
const MAX_RANGE_DAYS = 3660;

type Handler = (ctx: ServiceContext, game: Game | undefined, range: AnalyticsRange) => Promise<unknown>;

interface Route {
  path: string;
  /** Game fixed by the path; otherwise `:game` in the path or `?game=`, else `defaultGame`. */
  game?: Game;
  defaultGame?: Game;
  handler: Handler;
}

const g = (game: Game | undefined) => game as Game;

/** Every analytics path of spec section 7 (except /api/all-referralCodes, owned by admin tables). */
const ROUTES: Route[] = [
  ...(['caliber', 'yggdra'] as const).flatMap((game): Route[] => [
    {
      path: `/api/${game}-daily-registration-count`,
      game,
      handler: async (ctx, _g, r) => ({ registrations: await s.dailyRegistrations(ctx, game, r) }),
    },
    {
      path: `/api/${game}-total-count`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations`]: (await s.registrationTotals(ctx, game)).total,
      }),
    },
    {
      path: `/api/${game}-total-count-today`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations_today`]: (await s.registrationTotals(ctx, game)).today,
      }),
    },
    {
      path: `/api/${game}-total-count-this-month`,
      game,
      handler: async (ctx) => ({
        [`total_${game}_registrations_for_this_month`]: (await s.registrationTotals(ctx, game)).month,
      }),
    },
  ]),
  {
    path: '/api/weekly-registration-count/:game',
    handler: async (ctx, game, r) => ({ weekly_registrations: await s.weeklyRegistrations(ctx, g(game), r) }),
  },
  {
    path: '/api/registrations/weekly/:game',
    handler: (ctx, game, r) => s.registrationsByWeek(ctx, g(game), r),
  },
  {
    path: '/api/monthly-registrations/:game',
    handler: (ctx, game, r) => s.monthlyRegistrations(ctx, g(game), r),
  },
  { path: '/api/age-distribution/:game', handler: (ctx, game, r) => s.ageDistribution(ctx, game, r) },
  { path: '/api/age-distribution', handler: (ctx, game, r) => s.ageDistribution(ctx, game, r) },
  { path: '/api/country-distribution', handler: (ctx, game, r) => s.countryDistribution(ctx, game, r) },
  { path: '/api/daily-referralCodes', handler: (ctx, game, r) => s.dailyReferrals(ctx, game, r) },
  {
    path: '/api/total-caliber-referral',
    game: 'caliber',
    handler: (ctx, game, r) => s.referralTotals(ctx, game, r),
  },
  {
    path: '/api/daily-active-users',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.dailyActiveUsers(ctx, g(game), r),
  },
  {
    path: '/api/tr-daily-active-users',
    game: 'talesrunner',
    handler: (ctx, game, r) => s.dailyActiveUsers(ctx, g(game), r),
  },
  {
    path: '/api/game-downloads',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.gameDownloads(ctx, g(game), r),
  },
  {
    path: '/api/weekly-users-per-day/:game',
    handler: (ctx, game, r) => s.weeklyUsersPerDay(ctx, g(game), r),
  },
  {
    path: '/api/monthly-users-per-day/:game',
    handler: (ctx, game, r) => s.monthlyUsersPerDay(ctx, g(game), r),
  },
  { path: '/api/sales/byStoreType', handler: (ctx, game, r) => s.salesByStoreType(ctx, game, r) },
  // The endpoints the original client fetched without using; definitions in docs/analytics.md.
  {
    path: '/api/calculateLTV',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.lifetimeValue(ctx, g(game), r),
  },
  {
    path: '/api/buyingUsersList',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.buyingUsers(ctx, g(game), r),
  },
  {
    path: '/api/getWeeklySalesPerYear',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.weeklySalesPerYear(ctx, g(game), r),
  },
  {
    path: '/api/getCcuAndActiveUsers',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.ccuAndActiveUsers(ctx, g(game), r),
  },
  { path: '/api/getCCUDataToday', defaultGame: 'caliber', handler: (ctx, game) => s.ccuToday(ctx, g(game)) },
  {
    path: '/api/getCCUDataWeekly',
    defaultGame: 'caliber',
    handler: (ctx, game) => s.ccuWeekly(ctx, g(game)),
  },
  {
    path: '/api/getStickinessReport',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.stickiness(ctx, g(game), r),
  },
  {
    path: '/api/getMonthlyCCU',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.monthlyCcu(ctx, g(game), r),
  },
  {
    path: '/api/getChurnRateReport',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.churnRate(ctx, g(game), r),
  },
  {
    path: '/api/getMauBasedChurnReport',
    defaultGame: 'caliber',
    handler: (ctx, game, r) => s.mauChurn(ctx, g(game), r),
  },
  { path: '/api/getWeeklyRetention/:game', handler: (ctx, game, r) => s.weeklyRetention(ctx, g(game), r) },
  {
    path: '/api/getReturningUsersRetention/:game',
    handler: (ctx, game, r) => s.returningUsers(ctx, g(game), r),
  },
  {
    path: '/api/getDailyActiveRetention/:game',
    handler: (ctx, game, r) => s.dailyActiveRetention(ctx, g(game), r),
  },
  {
    path: '/api/getPurchaseRetention',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.purchaseRetention(ctx, g(game), r),
  },
  {
    path: '/api/getItemSales',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.itemSales(ctx, g(game), r),
  },
  {
    path: '/api/getNewBuyingUsers',
    defaultGame: 'yggdra',
    handler: async (ctx, game, r) =>
      (await s.buyingUsers(ctx, g(game), r)).map((row) => ({ date: row.date, new_buyers: row.new_buyers })),
  },
  {
    path: '/api/getReturningBuyingUsers',
    defaultGame: 'yggdra',
    handler: async (ctx, game, r) =>
      (await s.buyingUsers(ctx, g(game), r)).map((row) => ({
        date: row.date,
        returning_buyers: row.returning_buyers,
      })),
  },
  {
    path: '/api/getWeeklyRevenue',
    defaultGame: 'yggdra',
    handler: (ctx, game, r) => s.weeklyRevenue(ctx, g(game), r),
  },
];

export const ANALYTICS_PATHS = ROUTES.map((r) => r.path);

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const route of ROUTES) {
    const hasParam = route.path.includes(':game');
    r.get(
      route.path,
      {
        config: { admin: true },
        preHandler: app.requireAdmin,
        schema: {
          tags: ['analytics'],
          querystring: analyticsRangeSchema,
          ...(hasParam ? { params: z.object({ game: gameSchema }) } : {}),
        },
      },
      async (request) => {
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
        return route.handler(app.ctx, game, { fromDate, toDate });
      },
    );
  }
}
