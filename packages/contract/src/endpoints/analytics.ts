import { analyticsRangeSchema } from '../analytics';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { gameParamsSchema } from '../entitlements';

/**
 * One analytics report: GET with the date range (and for some `?game=`) in the query. The replies are the
 * report rows of analytics.ts (TypeScript types: the rows vary per report, docs/analytics.md).
 */
const report = <const P extends `/api/${string}`>(path: P) =>
  defineEndpoint({
    method: 'GET',
    path,
    auth: 'admin',
    staff: 'analytics.read',
    query: analyticsRangeSchema,
    tags: ['analytics'],
  });

/** A report of the game the path names (`:game`). */
const gameReport = <const P extends `/api/${string}/:game`>(path: P) =>
  defineEndpoint({ ...report(path), params: gameParamsSchema });

/** Every analytics path of spec section 7 (/api/all-referralCodes is the referrals module's table). */
export const analyticsEndpoints = {
  caliberDailyRegistrations: report('/api/caliber-daily-registration-count'),
  caliberTotalRegistrations: report('/api/caliber-total-count'),
  caliberRegistrationsToday: report('/api/caliber-total-count-today'),
  caliberRegistrationsThisMonth: report('/api/caliber-total-count-this-month'),
  yggdraDailyRegistrations: report('/api/yggdra-daily-registration-count'),
  yggdraTotalRegistrations: report('/api/yggdra-total-count'),
  yggdraRegistrationsToday: report('/api/yggdra-total-count-today'),
  yggdraRegistrationsThisMonth: report('/api/yggdra-total-count-this-month'),
  weeklyRegistrationCount: gameReport('/api/weekly-registration-count/:game'),
  registrationsByWeek: gameReport('/api/registrations/weekly/:game'),
  monthlyRegistrations: gameReport('/api/monthly-registrations/:game'),
  gameAgeDistribution: gameReport('/api/age-distribution/:game'),
  ageDistribution: report('/api/age-distribution'),
  countryDistribution: report('/api/country-distribution'),
  dailyReferrals: report('/api/daily-referralCodes'),
  caliberReferralTotals: report('/api/total-caliber-referral'),
  dailyActiveUsers: report('/api/daily-active-users'),
  talesRunnerDailyActiveUsers: report('/api/tr-daily-active-users'),
  gameDownloads: report('/api/game-downloads'),
  weeklyUsersPerDay: gameReport('/api/weekly-users-per-day/:game'),
  monthlyUsersPerDay: gameReport('/api/monthly-users-per-day/:game'),
  salesByStoreType: report('/api/sales/byStoreType'),
  // The reports the original client fetched without using; definitions in docs/analytics.md.
  lifetimeValue: report('/api/calculateLTV'),
  buyingUsers: report('/api/buyingUsersList'),
  weeklySalesPerYear: report('/api/getWeeklySalesPerYear'),
  ccuAndActiveUsers: report('/api/getCcuAndActiveUsers'),
  ccuToday: report('/api/getCCUDataToday'),
  ccuWeekly: report('/api/getCCUDataWeekly'),
  stickiness: report('/api/getStickinessReport'),
  monthlyCcu: report('/api/getMonthlyCCU'),
  churnRate: report('/api/getChurnRateReport'),
  mauChurn: report('/api/getMauBasedChurnReport'),
  weeklyRetention: gameReport('/api/getWeeklyRetention/:game'),
  returningUsersRetention: gameReport('/api/getReturningUsersRetention/:game'),
  dailyActiveRetention: gameReport('/api/getDailyActiveRetention/:game'),
  purchaseRetention: report('/api/getPurchaseRetention'),
  itemSales: report('/api/getItemSales'),
  newBuyingUsers: report('/api/getNewBuyingUsers'),
  returningBuyingUsers: report('/api/getReturningBuyingUsers'),
  weeklyRevenue: report('/api/getWeeklyRevenue'),
} as const satisfies Record<string, Endpoint>;
