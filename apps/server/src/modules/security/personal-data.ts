import { sql } from 'drizzle-orm';
import { deleteRowsOf, exportRows, type PersonalData } from '../../lib/personal-data';

const ERASED = ['security_events'] as const;

/** The security history: in the export, deleted at erasure (the sessions beside it are lib's). */
export const securityPersonalData: PersonalData = {
  tables: { security_events: 'deleted' },
  async export(ctx, userId) {
    const events = await exportRows(
      ctx,
      sql`select kind, detail, ip, user_agent, created_at from security_events
          where user_id = ${userId} order by created_at, id`,
    );
    return { security_events: events };
  },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
