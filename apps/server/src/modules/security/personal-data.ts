import { sql } from 'drizzle-orm';
import { deleteRowsOf, exportRows, type PersonalData } from '../../lib/personal-data';
import { playerSessionsForExport } from '../../lib/sessions';

const ERASED = ['access_tokens', 'security_events'] as const;

/** Sessions and the security history: both in the export, both deleted at erasure. */
export const securityPersonalData: PersonalData = {
  tables: {
    access_tokens: "deleted (the player's sessions; staff sessions are not a player's data)",
    security_events: 'deleted',
  },
  async export(ctx, userId) {
    const [sessions, events] = await Promise.all([
      exportRows(ctx, playerSessionsForExport(userId)),
      exportRows(
        ctx,
        sql`select kind, detail, ip, user_agent, created_at from security_events
            where user_id = ${userId} order by created_at, id`,
      ),
    ]);
    return { sessions, security_events: events };
  },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
