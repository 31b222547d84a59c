import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { sanctionAppeals, sanctions } from '../../db/schema/index';
import { accountDirectory } from '../../lib/account-directory';
import { exportRows, type PersonalData } from '../../lib/personal-data';
import { emailHash } from './evasion';

/**
 * Sanctions and appeals (docs/decisions/0064-sanctions.md). A sanction outlives the erasure without its free
 * text: its scope, category and dates stay (the history a dispute or a chargeback needs), the notes are
 * erased; an account ban still in force keeps the keyed hash of the address, so the player cannot register
 * again with it until the ban ends. Appeals keep their state, not their words. Runs before the account is
 * anonymised (it reads the address).
 */
export const standingPersonalData: PersonalData = {
  tables: {
    sanctions: 'kept without its notes; an account ban in force keeps the keyed hash of the address',
    sanction_appeals: "kept without the player's message and staff's answer",
  },
  async export(ctx, userId) {
    const [sanctionRows, appealRows] = await Promise.all([
      exportRows(
        ctx,
        sql`select id, scope, game, category, note, starts_at, expires_at, lifted_at
            from sanctions where user_id = ${userId} order by starts_at, id`,
      ),
      exportRows(
        ctx,
        sql`select a.sanction_id, a.message, a.status, a.answer, a.created_at, a.decided_at
            from sanction_appeals a join sanctions s on s.id = a.sanction_id
            where s.user_id = ${userId} order by a.created_at, a.id`,
      ),
    ]);
    return { sanctions: sanctionRows, appeals: appealRows };
  },
  async erase(tx, userId) {
    const [user] = rowsOf<{ email: string }>(
      await tx.db.execute(sql`select p.email from ${accountDirectory().players} p where p.id = ${userId}`),
    );
    const now = tx.clock.now();
    if (user)
      await tx.db
        .update(sanctions)
        .set({ emailHash: emailHash(tx, user.email) })
        .where(
          and(
            eq(sanctions.userId, userId),
            eq(sanctions.scope, 'account'),
            isNull(sanctions.liftedAt),
            or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)),
          ),
        );
    const theirs = tx.db.select({ id: sanctions.id }).from(sanctions).where(eq(sanctions.userId, userId));
    await tx.db
      .update(sanctionAppeals)
      .set({ message: '', answer: null })
      .where(inArray(sanctionAppeals.sanctionId, theirs));
    await tx.db
      .update(sanctions)
      .set({ note: '', staffNote: null, liftReason: null })
      .where(eq(sanctions.userId, userId));
  },
};
