import { and, eq, inArray, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/prepared';
import { userGames, users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { verifyDecoy, verifySecret } from '../../lib/hashing';
import { isUuid } from '../../lib/ids';
import {
  emailLockoutKey,
  type LockoutState,
  lockoutColumns,
  lockoutJoin,
  lockoutStateOf,
} from '../../lib/lockout';

/**
 * Read-side lookups of player accounts for other modules (sign-in, launcher login, social, admin).
 * The accounts module owns the users tables; other modules call these instead of querying them.
 */
export type UserRow = typeof users.$inferSelect;
export type UserGameRow = typeof userGames.$inferSelect;

export async function findUserByEmail(ctx: ServiceContext, email: string): Promise<UserRow | null> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function findUserById(ctx: ServiceContext, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

const accountWithLockoutQuery = preparedOnce((db) =>
  db
    .select({ user: users, lockout: lockoutColumns })
    .from(sql`(select 1) as one`)
    .leftJoin(users, eq(sql`lower(${users.email})`, sql.placeholder('email')))
    .leftJoin(...lockoutJoin('player-password', sql.placeholder('lockoutKey')))
    .limit(1)
    .prepare('account_with_lockout'),
);

/**
 * The account for `email` (null when there is none) and the address's sign-in lockout, in one round trip
 * and one prepared statement: the first read of every sign-in, which competes with hashing for the CPU.
 */
export async function accountWithLockout(
  ctx: ServiceContext,
  email: string,
): Promise<{ user: UserRow | null; lockout: LockoutState }> {
  const [row] = await accountWithLockoutQuery(ctx.db).execute({
    email: email.trim().toLowerCase(),
    lockoutKey: emailLockoutKey(email),
  });
  return { user: row?.user ?? null, lockout: lockoutStateOf(row?.lockout, ctx.clock.now()) };
}

/** The accounts with these ids (unknown ids are left out), in one query. */
export async function findUsersByIds(ctx: ServiceContext, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return ctx.db.select().from(users).where(inArray(users.id, ids));
}

/**
 * The account for `email` when `password` is right, else null. An unknown email costs one real argon2
 * verification too, so timing does not tell which emails exist.
 */
export async function findUserByCredentials(ctx: ServiceContext, email: string, password: string) {
  return checkPassword(await findUserByEmail(ctx, email), password);
}

/** `user` when `password` is its password, else null; no account (or no password) costs a decoy check. */
export async function checkPassword(user: UserRow | null, password: string): Promise<UserRow | null> {
  if (!user?.passwordHash) {
    await verifyDecoy(password);
    return null;
  }
  return (await verifySecret(user.passwordHash, password)) ? user : null;
}

export async function findGameRegistration(ctx: ServiceContext, userId: string, game: UserGameRow['game']) {
  const [row] = await ctx.db
    .select()
    .from(userGames)
    .where(and(eq(userGames.userId, userId), eq(userGames.game, game)))
    .limit(1);
  return row ?? null;
}
