import { z } from 'zod';
import {
  ageRowSchema,
  analyticsRangeSchema,
  buyingUsersRowSchema,
  ccuAndActiveUsersRowSchema,
  ccuTodayRowSchema,
  ccuWeeklyRowSchema,
  countryRowSchema,
  dailyActiveRetentionRowSchema,
  dailyRegistrationsReplySchema,
  dauRowSchema,
  downloadRowSchema,
  itemSalesRowSchema,
  lifetimeValueReplySchema,
  monthlyCcuRowSchema,
  monthlyChurnRowSchema,
  monthlyRegistrationRowSchema,
  monthlyUsersPerDayRowSchema,
  newBuyingUsersRowSchema,
  purchaseRetentionRowSchema,
  referralDailyRowSchema,
  referralTotalSeriesRowSchema,
  registrationCountReplySchemas,
  returningBuyingUsersRowSchema,
  returningUsersRowSchema,
  salesByStoreTypeRowSchema,
  stickinessRowSchema,
  weeklyChurnRowSchema,
  weeklyRegistrationCountReplySchema,
  weeklyRetentionRowSchema,
  weeklyRevenueRowSchema,
  weeklySalesPerYearRowSchema,
  weeklyUsersPerDayRowSchema,
  weekRegistrationRowSchema,
} from '../analytics';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { gameParamsSchema } from '../entitlements';

/**
 * One analytics report: GET with the date range (and for some `?game=`) in the query, answering `reply`
 * (the report rows of analytics.ts, docs/analytics.md).
 */
const report = <const P extends `/api/${string}`, R extends z.ZodType>(path: P, reply: R) =>
  defineEndpoint({
    method: 'GET',
    path,
    auth: 'admin',
    staff: 'analytics.read',
    proof: 'session',
    query: analyticsRangeSchema,
    reply,
    tags: ['analytics'],
  });

/** A report of the game the path names (`:game`). */
const gameReport = <const P extends `/api/${string}/:game`, R extends z.ZodType>(path: P, reply: R) =>
  defineEndpoint({ ...report(path, reply), params: gameParamsSchema });

/** Every analytics path of spec section 7 (/api/all-referralCodes is the referrals module's table). */
export const analyticsEndpoints = {
  caliberDailyRegistrations: report('/api/caliber-daily-registration-count', dailyRegistrationsReplySchema),
  caliberTotalRegistrations: report('/api/caliber-total-count', registrationCountReplySchemas.caliberTotal),
  caliberRegistrationsToday: report(
    '/api/caliber-total-count-today',
    registrationCountReplySchemas.caliberToday,
  ),
  caliberRegistrationsThisMonth: report(
    '/api/caliber-total-count-this-month',
    registrationCountReplySchemas.caliberThisMonth,
  ),
  yggdraDailyRegistrations: report('/api/yggdra-daily-registration-count', dailyRegistrationsReplySchema),
  yggdraTotalRegistrations: report('/api/yggdra-total-count', registrationCountReplySchemas.yggdraTotal),
  yggdraRegistrationsToday: report(
    '/api/yggdra-total-count-today',
    registrationCountReplySchemas.yggdraToday,
  ),
  yggdraRegistrationsThisMonth: report(
    '/api/yggdra-total-count-this-month',
    registrationCountReplySchemas.yggdraThisMonth,
  ),
  weeklyRegistrationCount: gameReport(
    '/api/weekly-registration-count/:game',
    weeklyRegistrationCountReplySchema,
  ),
  registrationsByWeek: gameReport('/api/registrations/weekly/:game', z.array(weekRegistrationRowSchema)),
  monthlyRegistrations: gameReport('/api/monthly-registrations/:game', z.array(monthlyRegistrationRowSchema)),
  gameAgeDistribution: gameReport('/api/age-distribution/:game', z.array(ageRowSchema)),
  ageDistribution: report('/api/age-distribution', z.array(ageRowSchema)),
  countryDistribution: report('/api/country-distribution', z.array(countryRowSchema)),
  dailyReferrals: report('/api/daily-referralCodes', z.array(referralDailyRowSchema)),
  caliberReferralTotals: report('/api/total-caliber-referral', z.array(referralTotalSeriesRowSchema)),
  dailyActiveUsers: report('/api/daily-active-users', z.array(dauRowSchema)),
  talesRunnerDailyActiveUsers: report('/api/tr-daily-active-users', z.array(dauRowSchema)),
  gameDownloads: report('/api/game-downloads', z.array(downloadRowSchema)),
  weeklyUsersPerDay: gameReport('/api/weekly-users-per-day/:game', z.array(weeklyUsersPerDayRowSchema)),
  monthlyUsersPerDay: gameReport('/api/monthly-users-per-day/:game', z.array(monthlyUsersPerDayRowSchema)),
  salesByStoreType: report('/api/sales/byStoreType', z.array(salesByStoreTypeRowSchema)),
  // The reports the original client fetched without using; definitions in docs/analytics.md.
  lifetimeValue: report('/api/calculateLTV', lifetimeValueReplySchema),
  buyingUsers: report('/api/buyingUsersList', z.array(buyingUsersRowSchema)),
  weeklySalesPerYear: report('/api/getWeeklySalesPerYear', z.array(weeklySalesPerYearRowSchema)),
  ccuAndActiveUsers: report('/api/getCcuAndActiveUsers', z.array(ccuAndActiveUsersRowSchema)),
  ccuToday: report('/api/getCCUDataToday', z.array(ccuTodayRowSchema)),
  ccuWeekly: report('/api/getCCUDataWeekly', z.array(ccuWeeklyRowSchema)),
  stickiness: report('/api/getStickinessReport', z.array(stickinessRowSchema)),
  monthlyCcu: report('/api/getMonthlyCCU', z.array(monthlyCcuRowSchema)),
  churnRate: report('/api/getChurnRateReport', z.array(weeklyChurnRowSchema)),
  mauChurn: report('/api/getMauBasedChurnReport', z.array(monthlyChurnRowSchema)),
  weeklyRetention: gameReport('/api/getWeeklyRetention/:game', z.array(weeklyRetentionRowSchema)),
  returningUsersRetention: gameReport(
    '/api/getReturningUsersRetention/:game',
    z.array(returningUsersRowSchema),
  ),
  dailyActiveRetention: gameReport(
    '/api/getDailyActiveRetention/:game',
    z.array(dailyActiveRetentionRowSchema),
  ),
  purchaseRetention: report('/api/getPurchaseRetention', z.array(purchaseRetentionRowSchema)),
  itemSales: report('/api/getItemSales', z.array(itemSalesRowSchema)),
  newBuyingUsers: report('/api/getNewBuyingUsers', z.array(newBuyingUsersRowSchema)),
  returningBuyingUsers: report('/api/getReturningBuyingUsers', z.array(returningBuyingUsersRowSchema)),
  weeklyRevenue: report('/api/getWeeklyRevenue', z.array(weeklyRevenueRowSchema)),
} as const satisfies Record<string, Endpoint>;
