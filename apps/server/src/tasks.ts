import { PERSONAL_DATA } from './app';
import type { ServiceContext } from './lib/context';
import { purgeForgottenFailures } from './lib/lockout';
import { purgeSpentChallenges } from './lib/proof-of-work';
import type { ScheduledTask } from './lib/scheduler';
import { purgeDeadSessions } from './lib/sessions';
import { serveAccountEmailRequests } from './modules/accounts/email-requests';
import { refreshRegistrationRollups } from './modules/analytics/registration-rollup';
import { rollupPaidOrders } from './modules/analytics/sales-source';
import { deliverDueWebhooks } from './modules/entitlements';
import { purgeLauncherCodes } from './modules/game-login/service';
import { purgeExpiredOidcRows } from './modules/oidc/adapter';
import { orderSalesFeed } from './modules/orders';
import { expireReservations } from './modules/orders/service';
import { purgeWebauthnChallenges } from './modules/passkeys';
import { deliverDueSandboxNotifications } from './modules/payments/sandbox';
import { eraseDueAccounts } from './modules/privacy';
import { pruneSecurityEvents } from './modules/security/events';
import { purgeSignInChallenges } from './modules/sign-in';
import { purgeSocialTokens } from './modules/social/service';

/** Every background task of the portal. Each runs once at a time across all server processes. */
export function scheduledTasks(ctx: ServiceContext): ScheduledTask[] {
  return [
    {
      name: 'security-events-prune',
      everyMs: 24 * 60 * 60 * 1000,
      run: () => pruneSecurityEvents(ctx),
    },
    // Polled, never rung: a request's reply must not wait on, or time, the work it queued (decision 0012).
    { name: 'account-email-requests', everyMs: 1_000, run: () => serveAccountEmailRequests(ctx) },
    // Rung by each message written (lib/doorbell.ts); the poll finds retries and other processes' leftovers.
    { name: 'mail-delivery', everyMs: 5_000, run: () => ctx.mailer.deliverDue() },
    // Signed webhooks to games' servers, with retries (docs/decisions/0037-game-webhooks.md); rung as mail is.
    { name: 'game-webhook-deliveries', everyMs: 5_000, run: () => deliverDueWebhooks(ctx) },
    { name: 'session-purge', everyMs: 60 * 60 * 1000, run: () => purgeDeadSessions(ctx) },
    {
      name: 'sign-in-code-purge',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await purgeLauncherCodes(ctx);
        await purgeSocialTokens(ctx);
        await purgeSignInChallenges(ctx);
        await purgeWebauthnChallenges(ctx);
        await purgeForgottenFailures(ctx);
        await purgeSpentChallenges(ctx);
        await purgeExpiredOidcRows(ctx);
      },
    },
    { name: 'analytics-registration-rollup', everyMs: 60_000, run: () => refreshRegistrationRollups(ctx) },
    { name: 'analytics-sales-rollup', everyMs: 60_000, run: () => rollupPaidOrders(ctx, orderSalesFeed) },
    // Deletion requests whose 7 days have passed (docs/decisions/0035-privacy-requests.md).
    { name: 'account-erasure', everyMs: 60 * 60 * 1000, run: () => eraseDueAccounts(ctx, PERSONAL_DATA) },
    { name: 'order-reservation-expiry', everyMs: 60_000, run: () => expireReservations(ctx) },
    {
      name: 'sandbox-payment-deliveries',
      everyMs: 2_000,
      run: () => deliverDueSandboxNotifications(ctx, taskLog),
    },
  ];
}

/** Notes from tasks that have no request logger. */
const taskLog = {
  info: () => {},
  warn: (details: object, message: string) => console.warn(message, details),
};
