import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { admins } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import { adminTwoStepOn } from '../mfa';

/*
 * Staff members as other modules name them. The expressions are for a statement of another module that
 * lists many rows (the audit trail): each row's staff member is looked up by its id inside that one
 * statement, so a page stays one query however many staff it names. Null when there is no such admin.
 */

/** The name of the staff member with id `id`. */
export const staffNameOf = (id: SQL) => sql<string | null>`(select name from admins where id = ${id})`;

/** The email of the staff member with id `id`. */
export const staffEmailOf = (id: SQL) => sql<string | null>`(select email from admins where id = ${id})`;

/** The staff members with these ids, by id and name. */
export function staffNamed(ctx: ServiceContext, ids: string[]) {
  return ctx.db.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, ids));
}

/**
 * The staff accounts as a statement to select from (`id`, `role`, `status`, `two_step_on`, `email`, `name`,
 * `password_hash`), for lib and the modules admin-auth imports (lib/account-directory.ts).
 */
export const staffAccounts = sql`(select a.id, a.role, a.status, ${adminTwoStepOn(sql`a.id`)} as two_step_on,
    a.email, a.name, a.password_hash from ${admins} a)`;

/** Every staff member, by email. */
export function allStaff(ctx: ServiceContext) {
  return ctx.db
    .select({ id: admins.id, email: admins.email, name: admins.name })
    .from(admins)
    .orderBy(asc(admins.email));
}

/*
 * The staff register as the staff module keeps it: the list, owners, role and status. The staff module
 * decides who may change what; the rows are written here.
 */

type StaffRole = (typeof admins.$inferSelect)['role'];

/** Every staff member with whether two-step is on, active first, then by name. */
export function staffMembers(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      role: admins.role,
      status: admins.status,
      lastLoginAt: admins.lastLoginAt,
      twoStep: adminTwoStepOn(sql`${admins.id}`),
    })
    .from(admins)
    .orderBy(asc(admins.status), asc(admins.name));
}

/** Whether a staff member has the address `email` (any case). */
export async function staffEmailTaken(ctx: ServiceContext, email: string): Promise<boolean> {
  const [taken] = await ctx.db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${email})`);
  return Boolean(taken);
}

/**
 * Whether `id` is an active owner, share-locking the row until the transaction ends, so a demotion meanwhile
 * waits for the caller's change.
 */
export async function lockActiveOwner(tx: TxContext, id: string): Promise<boolean> {
  const [owner] = await tx.db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.id, id), eq(admins.role, 'owner'), eq(admins.status, 'active')))
    .for('share');
  return Boolean(owner);
}

/** Whether an active owner other than `id` exists. */
export async function anotherActiveOwner(ctx: ServiceContext, id: string): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.status, 'active'), ne(admins.id, id)))
    .limit(1);
  return Boolean(other);
}

/** Sets a staff member's role and whether they are active. */
export async function setStaffRole(
  tx: TxContext,
  id: string,
  change: { role: StaffRole; active: boolean },
): Promise<void> {
  await tx.db
    .update(admins)
    .set({ role: change.role, status: change.active ? 'active' : 'inactive' })
    .where(eq(admins.id, id));
}
