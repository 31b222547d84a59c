import type { SecurityEventKind } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accountOwnerColumns, oneAccountOwner } from './account-owner';

/**
 * The sign-in and account-security history a player or an admin sees on the security page (the security
 * module owns it). Exactly one of user_id and admin_id is set. Pruned after 90 days by the scheduler.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    // A sequence, so events of the same instant still list in the order they happened.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...accountOwnerColumns(),
    kind: text('kind').$type<SecurityEventKind>().notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    detail: varchar('detail', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "The last 50 of this account", newest first.
    index('security_events_user_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.userId} is not null`),
    index('security_events_admin_idx')
      .on(t.adminId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.adminId} is not null`),
    index('security_events_created_idx').on(t.createdAt),
    oneAccountOwner('security_events', t),
  ],
);
