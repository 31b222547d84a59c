import { asc, type SQL, sql } from 'drizzle-orm';
import { admins } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';

/*
 * Staff members as other modules name them. The expressions are for a statement of another module that
 * lists many rows (the audit trail): each row's staff member is looked up by its id inside that one
 * statement, so a page stays one query however many staff it names. Null when there is no such admin.
 */

/** The name of the staff member with id `id`. */
export const staffNameOf = (id: SQL) => sql<string | null>`(select name from admins where id = ${id})`;

/** The email of the staff member with id `id`. */
export const staffEmailOf = (id: SQL) => sql<string | null>`(select email from admins where id = ${id})`;

/** Every staff member, by email. */
export function allStaff(ctx: ServiceContext) {
  return ctx.db
    .select({ id: admins.id, email: admins.email, name: admins.name })
    .from(admins)
    .orderBy(asc(admins.email));
}
