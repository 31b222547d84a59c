import {
  type AnalyticsRange,
  analyticsEndpoints,
  type analyticsRangeSchema,
  type Endpoint,
  type EndpointReply,
  type Game,
  gameSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { route } from '../../lib/endpoints';
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

type AnalyticsReport = keyof typeof analyticsEndpoints;
/** What a report's handler must return: its declared reply (a drifted handler fails the type check). */
type ReplyOf<K extends AnalyticsReport> = EndpointReply<(typeof analyticsEndpoints)[K]>;

interface Route<Reply> {
  /** Game fixed by the path; otherwise `:game` in the path or `?game=`, else `defaultGame`. */
  game?: Game;
  defaultGame?: Game;
  handler: (ctx: ServiceContext, game: Game | undefined, range: AnalyticsRange) => Promise<Reply>;
  /** Reads only the registration rollups and not the clock: its reply is reused until they change. */
  registrationSeries?: true;
}

const g = (game: Game | undefined) => game as Game;

/**
 * A series for one game: the game comes from `:game` in the path or `?game=`, else `defaultGame`
 * (the handler is given it as a Game, as before).
 */
function series<Reply>(
  handler: (ctx: ServiceContext, game: Game, range: AnalyticsRange) => Promise<Reply>,
  defaultGame?: Game,
): Route<Reply> {
  return {
    ...(defaultGame ? { defaultGame } : {}),
    handler: (ctx, game, r) => handler(ctx, g(game), r),
  };
}

/** A series of the registration rollups (its reply reused until they change). */
const registrationSeries = <Reply>(route: Route<Reply>): Route<Reply> => ({
  ...route,
  registrationSeries: true,
});

/** A game's daily registrations. */
const dailyRegistrations = (game: 'caliber' | 'yggdra') =>
  registrationSeries({
    game,
    handler: async (ctx, _g, r) => ({ registrations: await registrations.dailyRegistrations(ctx, game, r) }),
  });

/** A game's registration count: all time, today or this month, under the reply's one key. */
function registrationCount<Reply>(
  game: 'caliber' | 'yggdra',
  reply: (totals: Awaited<ReturnType<typeof registrations.registrationTotals>>) => Reply,
): Route<Reply> {
  return { game, handler: async (ctx) => reply(await registrations.registrationTotals(ctx, game)) };
}

/** How the server answers each analytics endpoint the contract declares. */
const ROUTES: { [K in AnalyticsReport]: Route<ReplyOf<K>> } = {
  caliberDailyRegistrations: dailyRegistrations('caliber'),
  caliberTotalRegistrations: registrationCount('caliber', (t) => ({ total_caliber_registrations: t.total })),
  caliberRegistrationsToday: registrationCount('caliber', (t) => ({
    total_caliber_registrations_today: t.today,
  })),
  caliberRegistrationsThisMonth: registrationCount('caliber', (t) => ({
    total_caliber_registrations_for_this_month: t.month,
  })),
  yggdraDailyRegistrations: dailyRegistrations('yggdra'),
  yggdraTotalRegistrations: registrationCount('yggdra', (t) => ({ total_yggdra_registrations: t.total })),
  yggdraRegistrationsToday: registrationCount('yggdra', (t) => ({
    total_yggdra_registrations_today: t.today,
  })),
  yggdraRegistrationsThisMonth: registrationCount('yggdra', (t) => ({
    total_yggdra_registrations_for_this_month: t.month,
  })),
  weeklyRegistrationCount: registrationSeries(
    series(async (ctx, game, r) => ({
      weekly_registrations: await registrations.weeklyRegistrations(ctx, game, r),
    })),
  ),
  registrationsByWeek: registrationSeries(series(registrations.registrationsByWeek)),
  monthlyRegistrations: registrationSeries(series(registrations.monthlyRegistrations)),
  gameAgeDistribution: registrationSeries({ handler: demographics.ageDistribution }),
  ageDistribution: registrationSeries({ handler: demographics.ageDistribution }),
  countryDistribution: registrationSeries({ handler: demographics.countryDistribution }),
  dailyReferrals: registrationSeries({ handler: referrals.dailyReferrals }),
  caliberReferralTotals: registrationSeries({ game: 'caliber', handler: referrals.referralTotals }),
  dailyActiveUsers: series(activity.dailyActiveUsers, 'caliber'),
  talesRunnerDailyActiveUsers: { ...series(activity.dailyActiveUsers), game: 'talesrunner' },
  gameDownloads: series(downloads.gameDownloads, 'caliber'),
  weeklyUsersPerDay: series(activity.weeklyUsersPerDay),
  monthlyUsersPerDay: series(activity.monthlyUsersPerDay),
  salesByStoreType: { handler: sales.salesByStoreType },
  lifetimeValue: series(sales.lifetimeValue, 'yggdra'),
  buyingUsers: series(sales.buyingUsers, 'yggdra'),
  weeklySalesPerYear: series(sales.weeklySalesPerYear, 'yggdra'),
  ccuAndActiveUsers: series(ccu.ccuAndActiveUsers, 'caliber'),
  ccuToday: series((ctx, game) => ccu.ccuToday(ctx, game), 'caliber'),
  ccuWeekly: series((ctx, game) => ccu.ccuWeekly(ctx, game), 'caliber'),
  stickiness: series(retention.stickiness, 'caliber'),
  monthlyCcu: series(ccu.monthlyCcu, 'caliber'),
  churnRate: series(retention.churnRate, 'caliber'),
  mauChurn: series(retention.mauChurn, 'caliber'),
  weeklyRetention: series(retention.weeklyRetention),
  returningUsersRetention: series(retention.returningUsers),
  dailyActiveRetention: series(retention.dailyActiveRetention),
  purchaseRetention: series(retention.purchaseRetention, 'yggdra'),
  itemSales: series(sales.itemSales, 'yggdra'),
  newBuyingUsers: series(
    async (ctx, game, r) =>
      (await sales.buyingUsers(ctx, game, r)).map((row) => ({ date: row.date, new_buyers: row.new_buyers })),
    'yggdra',
  ),
  returningBuyingUsers: series(
    async (ctx, game, r) =>
      (await sales.buyingUsers(ctx, game, r)).map((row) => ({
        date: row.date,
        returning_buyers: row.returning_buyers,
      })),
    'yggdra',
  ),
  weeklyRevenue: series(sales.weeklyRevenue, 'yggdra'),
};

/** What the analytics endpoints share: the range query (and `:game` in the path of some). */
type AnalyticsEndpoint = Endpoint & { query: typeof analyticsRangeSchema };

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export async function analyticsRoutes(app: FastifyInstance) {
  const cachedReply = createReplyCache();
  for (const [name, report] of Object.entries(ROUTES)) {
    const endpoint: AnalyticsEndpoint = analyticsEndpoints[name as AnalyticsReport];
    const hasParam = 'params' in endpoint;
    route(app, endpoint, async ({ params, query, reply }) => {
      const { fromDate, toDate, game: queryGame } = query;
      if (fromDate && toDate && daysBetween(fromDate, toDate) > MAX_RANGE_DAYS)
        throw validationError({ toDate: ['The date range is at most ten years.'] });
      let game: Game | undefined = report.game;
      if (!game && hasParam) game = (params as { game: Game }).game;
      if (!game && queryGame !== undefined) {
        const parsed = gameSchema.safeParse(queryGame);
        if (!parsed.success) throw validationError({ game: ['Unknown game.'] });
        game = parsed.data;
      }
      game ??= report.defaultGame;
      const range = { fromDate, toDate };
      if (!report.registrationSeries) return report.handler(app.ctx, game, range);
      const version = await registrationRollupVersion(app.ctx);
      const key = JSON.stringify([endpoint.path, game, fromDate, toDate]);
      // Sent as bytes, which Fastify does not pass through the reply schema: the handler's type holds the
      // reply to it (ROUTES).
      return reply
        .type('application/json; charset=utf-8')
        .send(await cachedReply(key, version, () => report.handler(app.ctx, game, range)));
    });
  }
}
