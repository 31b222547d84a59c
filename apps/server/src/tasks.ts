import type { ServiceContext } from './lib/context';
import type { ScheduledTask } from './lib/scheduler';
import { purgeDeadSessions } from './lib/sessions';

/** Every background task of the portal. Each runs once at a time across all server processes. */
export function scheduledTasks(ctx: ServiceContext): ScheduledTask[] {
  return [
    { name: 'mail-delivery', everyMs: 1_000, run: () => ctx.mailer.deliverDue() },
    { name: 'session-purge', everyMs: 60 * 60 * 1000, run: () => purgeDeadSessions(ctx.db, ctx.clock) },
  ];
}
