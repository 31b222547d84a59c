import { RECENT_ADDITIONS_DAYS } from '@portal/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { securityEvents } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import type { SecurityEventOwner } from './events';

export interface RecentAddition {
  name: string;
  addedAt: Date;
}

/**
 * The passkeys added to an account in the last RECENT_ADDITIONS_DAYS, oldest first, as its history recorded
 * them (without those removed since): what a password reset or "sign out everywhere" leaves working
 * (docs/decisions/0038-step-up.md). Read from the history, which every module writes, so the accounts module
 * (a password reset) needs no look into the passkeys module.
 */
export async function recentlyAddedPasskeys(
  ctx: ServiceContext,
  owner: SecurityEventOwner,
): Promise<RecentAddition[]> {
  const since = new Date(ctx.clock.now().getTime() - RECENT_ADDITIONS_DAYS * 24 * 3_600_000);
  const rows = await ctx.db
    .select({ kind: securityEvents.kind, detail: securityEvents.detail, at: securityEvents.createdAt })
    .from(securityEvents)
    .where(
      and(
        owner.userId ? eq(securityEvents.userId, owner.userId) : eq(securityEvents.adminId, owner.adminId!),
        inArray(securityEvents.kind, ['passkey_added', 'passkey_removed']),
        gt(securityEvents.createdAt, since),
      ),
    )
    .orderBy(asc(securityEvents.createdAt), asc(securityEvents.id));
  const added: RecentAddition[] = [];
  for (const row of rows) {
    const name = row.detail ?? '';
    if (row.kind === 'passkey_added') added.push({ name, addedAt: row.at });
    else {
      const index = added.findIndex((a) => a.name === name);
      if (index >= 0) added.splice(index, 1);
    }
  }
  return added;
}

/**
 * The paragraphs an email adds about them (none when there are none), pointing at the Security page, where
 * each has Remove.
 */
export function recentAdditionsParagraphs(additions: RecentAddition[], securityPageUrl: string): string[] {
  if (additions.length === 0) return [];
  const list = additions
    .map((a) => `“${a.name}” (added ${a.addedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`)
    .join(', ');
  return [
    `These passkeys were added to your account in the last ${RECENT_ADDITIONS_DAYS} days and still sign in without a password: ${list}.`,
    `If you do not recognise one, remove it on your Security page: ${securityPageUrl}`,
  ];
}
