import {
  LAUNCHER_CODE_TTL_SECONDS,
  LAUNCHER_MESSAGES,
  type LauncherErrorCode,
  type LauncherExchangeReply,
  PIN_LOCK_MINUTES,
  PIN_LOCK_THRESHOLD,
} from '@portal/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { launcherCodes, pinFailures } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { verifyDecoy, verifySecret } from '../../lib/hashing';
import { hashToken, randomToken } from '../../lib/tokens';
import { clearFailures, lockedForMs, recordFailure } from '../accounts/lockout';
import {
  findGameRegistration,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
} from '../accounts/users';
import { isVerifiedDeveloper } from '../developers/service';

export type LauncherResult = { redirectURL: string } | { errorMessage: string; errorCode: LauncherErrorCode };

const PIN_LOCK_MS = PIN_LOCK_MINUTES * 60_000;
const CODE_TTL_MS = LAUNCHER_CODE_TTL_SECONDS * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (errorCode: LauncherErrorCode, errorMessage: string): LauncherResult => ({
  errorMessage,
  errorCode,
});
const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

type User = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** Rules every launcher sign-in passes after the secret is right; issues the code and the redirect. */
async function admit(
  ctx: ServiceContext,
  user: User,
  developer: boolean,
  method: 'password' | 'pin',
): Promise<LauncherResult> {
  if (user.accountStatus !== 'active') return fail('ACCOUNT_SUSPENDED', LAUNCHER_MESSAGES.suspended);
  if (!user.emailVerifiedAt) return fail('EMAIL_NOT_VERIFIED', LAUNCHER_MESSAGES.emailNotVerified);
  if (!(await findGameRegistration(ctx, user.id, 'caliber')))
    return fail('NOT_REGISTERED_FOR_CALIBER', LAUNCHER_MESSAGES.notRegistered);
  if (developer && !(await isVerifiedDeveloper(ctx, user.id)))
    return fail('NOT_A_DEVELOPER', LAUNCHER_MESSAGES.notDeveloper);
  const code = await issueLauncherCode(ctx, user.id, developer, method);
  const target = new URL(developer ? ctx.config.CALIBER_DEV_LAUNCHER_URL : ctx.config.CALIBER_LAUNCHER_URL);
  target.searchParams.set('code', code);
  return { redirectURL: target.toString() };
}

async function issueLauncherCode(
  ctx: ServiceContext,
  userId: string,
  developer: boolean,
  method: 'password' | 'pin',
): Promise<string> {
  const code = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(launcherCodes).values({
    codeHash: hashToken(code),
    userId,
    developer,
    method,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/**
 * POST /api/login-caliber: email and password. Shares the per-account sign-in lockout of the normal
 * login, so the launcher is no side door for guessing passwords.
 */
export async function launcherPasswordLogin(
  ctx: ServiceContext,
  input: { email: string; password: string; developer: boolean },
): Promise<LauncherResult> {
  const locked = await lockedForMs(ctx, input.email);
  if (locked > 0) return fail('PASSWORD_LOCKED', LAUNCHER_MESSAGES.passwordLocked(minutesLeft(locked)));
  const user = await findUserByCredentials(ctx, input.email, input.password);
  if (!user) {
    await recordFailure(ctx, input.email);
    return fail('INVALID_CREDENTIALS', LAUNCHER_MESSAGES.invalidCredentials);
  }
  await clearFailures(ctx, input.email);
  // The password proves the player: a PIN lockout ends with it.
  await ctx.db.delete(pinFailures).where(eq(pinFailures.subjectKey, user.id));
  return admit(ctx, user, input.developer, 'password');
}

/**
 * POST /api/login-pin-caliber: the player (email or uuid) and the 4-digit PIN. A wrong PIN counts against
 * the account, and so does an attempt on an unknown player (keyed by the identifier), so the lockout and
 * the messages are the same whether or not the player exists. The attempt is counted BEFORE the PIN is
 * checked, so parallel guesses cannot slip past the limit.
 */
export async function launcherPinLogin(
  ctx: ServiceContext,
  input: { user: string; pin: string; developer: boolean },
): Promise<LauncherResult> {
  const identifier = input.user.trim();
  const user = UUID.test(identifier)
    ? await findUserById(ctx, identifier)
    : await findUserByEmail(ctx, identifier);
  const subjectKey = user ? user.id : `unknown:${hashToken(identifier.toLowerCase())}`;
  const now = ctx.clock.now();

  const [current] = await ctx.db
    .select()
    .from(pinFailures)
    .where(eq(pinFailures.subjectKey, subjectKey))
    .limit(1);
  if (current?.lockedUntil && current.lockedUntil > now) {
    return fail(
      'PIN_LOCKED',
      LAUNCHER_MESSAGES.pinLocked(minutesLeft(current.lockedUntil.getTime() - now.getTime())),
    );
  }

  // Count this attempt. A lock that has run out, or failures older than the lock window, start afresh.
  const stale = new Date(now.getTime() - PIN_LOCK_MS);
  const lockUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const [counted] = await ctx.db
    .insert(pinFailures)
    .values({ subjectKey, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: pinFailures.subjectKey,
      set: {
        failures: sql`case when (${pinFailures.lockedUntil} is not null and ${pinFailures.lockedUntil} <= ${now.toISOString()}::timestamptz) or ${pinFailures.lastFailureAt} < ${stale.toISOString()}::timestamptz then 1 else ${pinFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${pinFailures.lockedUntil} > ${now.toISOString()}::timestamptz then ${pinFailures.lockedUntil} when ${pinFailures.lockedUntil} is null and ${pinFailures.lastFailureAt} >= ${stale.toISOString()}::timestamptz and ${pinFailures.failures} + 1 >= ${PIN_LOCK_THRESHOLD} then ${lockUntil.toISOString()}::timestamptz else null end`,
        lastFailureAt: now,
      },
    })
    .returning();
  const attempts = counted!.failures;
  if (attempts > PIN_LOCK_THRESHOLD) {
    // Parallel attempts beyond the limit are refused without checking the PIN.
    return fail('PIN_LOCKED', LAUNCHER_MESSAGES.pinLocked(PIN_LOCK_MINUTES));
  }

  const registration = user ? await findGameRegistration(ctx, user.id, 'caliber') : null;
  const ok = registration?.pinHash
    ? await verifySecret(registration.pinHash, input.pin)
    : await verifyDecoy(input.pin);
  if (!ok || !user) {
    if (attempts >= PIN_LOCK_THRESHOLD) {
      return fail('PIN_LOCKED', LAUNCHER_MESSAGES.pinLocked(PIN_LOCK_MINUTES));
    }
    return fail('INVALID_PIN', LAUNCHER_MESSAGES.invalidPin(PIN_LOCK_THRESHOLD - attempts));
  }
  await ctx.db.delete(pinFailures).where(eq(pinFailures.subjectKey, subjectKey));
  return admit(ctx, user, input.developer, 'pin');
}

/** Server-to-server: trades a launcher code (once, within 60 s) for the player's identity. */
export async function exchangeLauncherCode(
  ctx: ServiceContext,
  code: string,
): Promise<LauncherExchangeReply['data']> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(launcherCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(launcherCodes.codeHash, hashToken(code)),
        isNull(launcherCodes.usedAt),
        gt(launcherCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('INVALID_CODE', 400, LAUNCHER_MESSAGES.invalidCode);
  const user = await findUserById(ctx, row.userId);
  if (user?.accountStatus !== 'active')
    throw new AppError('INVALID_CODE', 400, LAUNCHER_MESSAGES.invalidCode);
  const registration = await findGameRegistration(ctx, user.id, 'caliber');
  return {
    uuid: user.id,
    email: user.email,
    nickname: registration?.nickname ?? null,
    game: 'caliber',
    developer: row.developer,
    method: row.method,
  };
}

/** Scheduled clean-up of codes and stale PIN counters. */
export async function purgeLauncherCodes(ctx: ServiceContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .delete(launcherCodes)
    .where(lt(launcherCodes.expiresAt, new Date(now.getTime() - 60 * 60_000)));
  await ctx.db
    .delete(pinFailures)
    .where(and(lt(pinFailures.lastFailureAt, new Date(now.getTime() - 24 * 60 * 60_000))));
}
