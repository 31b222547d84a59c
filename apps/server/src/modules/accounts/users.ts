import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { userGames, users } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import { verifyDecoy, verifySecret } from '../../lib/hashing';
import { isUuid } from '../../lib/ids';

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

/** The accounts with these ids (unknown ids are left out), in one query. */
export async function findUsersByIds(ctx: ServiceContext, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return ctx.db.select().from(users).where(inArray(users.id, ids));
}

/**
 * The player accounts as a statement to select from (`id`, `role`, `account_status`, `email`, `name`,
 * `password_hash`), for lib and the modules accounts imports (lib/account-directory.ts).
 */
export const playerAccounts = sql`(select u.id, u.role, u.account_status, u.email, u.name, u.password_hash
    from ${users} u)`;

/**
 * The players' game registrations as a statement to select from (`user_id`, `game`, `nickname`,
 * `referral_code`, `created_at`), for the modules accounts imports (lib/account-directory.ts).
 */
export const playerGameRegistrations = sql`(select g.user_id, g.game, g.nickname, g.referral_code, g.created_at
    from ${userGames} g)`;

/** Whether the player `id` exists, locking the account's row until the transaction ends. */
export async function lockPlayer(tx: TxContext, id: string): Promise<boolean> {
  const [player] = await tx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return Boolean(player);
}

/** The player registered for `game` with the nickname `nickname` (any case), or null. */
export async function playerWithNickname(
  ctx: ServiceContext,
  game: UserGameRow['game'],
  nickname: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ userId: userGames.userId })
    .from(userGames)
    .where(and(eq(userGames.game, game), sql`lower(${userGames.nickname}) = lower(${nickname})`));
  return row?.userId ?? null;
}

/**
 * The name of the player with id `id`, null when there is none: an expression for another module's
 * statement listing many rows, so a page stays one query however many players it names.
 */
export const playerNameOf = (id: SQLWrapper) => sql<string | null>`(select name from users where id = ${id})`;

/**
 * The player whose email `email` is (compared without case; index users_email_lower_key), as a statement
 * selecting their `user_id`, for another module's search.
 */
export const playerWithEmail = (email: string): SQL =>
  sql`select id as user_id from users where lower(email) = ${email.toLowerCase()}`;

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

/** Which of `userIds` have registered for `game`. */
export async function playersOfGame(
  ctx: ServiceContext,
  game: UserGameRow['game'],
  userIds: string[],
): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ userId: userGames.userId })
    .from(userGames)
    .where(and(eq(userGames.game, game), inArray(userGames.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

export async function findGameRegistration(ctx: ServiceContext, userId: string, game: UserGameRow['game']) {
  const [row] = await ctx.db
    .select()
    .from(userGames)
    .where(and(eq(userGames.userId, userId), eq(userGames.game, game)))
    .limit(1);
  return row ?? null;
}
