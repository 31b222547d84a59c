import {
  LAUNCHER_CODE_TTL_SECONDS,
  LAUNCHER_MESSAGES,
  type LauncherErrorCode,
  type LauncherExchangeReply,
  type MfaRequiredReply,
  PIN_DEVICE_DAYS,
  SANCTION_MESSAGES,
} from '@portal/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { launcherCodes, pinDevices } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError } from '../../lib/errors';
import { verifyDecoy, verifySecret } from '../../lib/hashing';
import { beginAttempt, clearFailures, lockMinutes } from '../../lib/lockout';
import { challengeRequired } from '../../lib/proof-of-work';
import { hashToken, randomToken } from '../../lib/tokens';
import {
  beginPlayerPasswordAttempt,
  findGameRegistration,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
  playerAudience,
} from '../accounts';
import { isVerifiedDeveloper } from '../developers';
import { totpEnabledAt } from '../mfa';
import { recordSecurityEvent } from '../security';
import { resumeSignIn, runSignIn, runTwoFactorSignIn, type SignInFlow } from '../sign-in';
import { issueStandingToken, refusalOf, refusingSanction } from '../standing';

export type LauncherResult =
  | { redirectURL: string }
  | { errorMessage: string; errorCode: LauncherErrorCode; standingToken?: string };

const CODE_TTL_MS = LAUNCHER_CODE_TTL_SECONDS * 1000;
const PIN_DEVICE_MS = PIN_DEVICE_DAYS * 24 * 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (errorCode: LauncherErrorCode, errorMessage: string): LauncherResult => ({
  errorMessage,
  errorCode,
});

type User = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

const LOCKED_CODES: readonly LauncherErrorCode[] = ['PASSWORD_LOCKED', 'PIN_LOCKED'];

/** Writes the outcome of a launcher sign-in to the player's security history (nothing for unknown players). */
async function recordOutcome(
  ctx: ServiceContext,
  userId: string | undefined,
  client: ClientInfo,
  method: 'password' | 'pin',
  result: LauncherResult,
): Promise<LauncherResult> {
  if (userId) {
    const kind =
      'redirectURL' in result
        ? 'sign_in'
        : LOCKED_CODES.includes(result.errorCode)
          ? 'sign_in_locked'
          : 'sign_in_failed';
    await recordSecurityEvent(ctx, {
      userId,
      ...client,
      kind,
      detail: `launcher-${method}`,
      at: ctx.clock.now(),
    });
  }
  return result;
}

/**
 * A launcher sign-in as the sign-in pipeline runs it (docs/decisions/0053): the account rules answer the
 * launcher's error codes (after the second step, as the launcher page expects), then its own requirements
 * (the Caliber registration, a developer for the developer launcher), and the code and the redirect instead
 * of a session. Every outcome goes to the history as `launcher-{method}`.
 */
function launcherFlow(
  developer: boolean,
  method: 'password' | 'pin',
  client: ClientInfo,
): SignInFlow<User, LauncherResult> {
  const outcome = (ctx: ServiceContext, user: User, result: LauncherResult) =>
    recordOutcome(ctx, user.id, client, method, result);
  return {
    audience: playerAudience,
    // A launcher PIN proves two factors (the PIN and a device that completed a full sign-in): no code step.
    challenge: method === 'password' ? { flow: 'launcher', payload: { developer } } : undefined,
    rulesBeforeChallenge: false,
    game: 'caliber',
    // The launcher's own shape, with the standing token the portal's refusal hands out (its standing_token).
    sanctioned: (ctx, user, sanction) =>
      outcome(ctx, user, {
        ...fail('ACCOUNT_SANCTIONED', SANCTION_MESSAGES.refused(refusalOf(sanction))),
        standingToken: issueStandingToken(ctx, user.id),
      }),
    refused: (ctx, user, refusal) =>
      outcome(
        ctx,
        user,
        refusal === 'unverified'
          ? fail('EMAIL_NOT_VERIFIED', LAUNCHER_MESSAGES.emailNotVerified)
          : fail('ACCOUNT_SUSPENDED', LAUNCHER_MESSAGES.suspended),
      ),
    // The password proves the player: a PIN lockout ends with it.
    proved: method === 'password' ? (ctx, user) => clearFailures(ctx, 'pin', user.id) : undefined,
    async requiredActions(ctx, user) {
      if (!(await findGameRegistration(ctx, user.id, 'caliber')))
        return outcome(ctx, user, fail('NOT_REGISTERED_FOR_CALIBER', LAUNCHER_MESSAGES.notRegistered));
      if (developer && !(await isVerifiedDeveloper(ctx, user.id)))
        return outcome(ctx, user, fail('NOT_A_DEVELOPER', LAUNCHER_MESSAGES.notDeveloper));
      return null;
    },
    // A password sign-in makes the launcher a trusted client (its cookie or device token), and its PIN
    // unlocks it from now on.
    device: method === 'password' ? 'trust' : 'none',
    async open(ctx, user, env) {
      if (method === 'password') await rememberPinDevice(ctx, user.id, env.device);
      const code = await issueLauncherCode(ctx, user.id, developer, method);
      const target = new URL(
        developer ? ctx.config.CALIBER_DEV_LAUNCHER_URL : ctx.config.CALIBER_LAUNCHER_URL,
      );
      target.searchParams.set('code', code);
      return { redirectURL: target.toString() };
    },
    event: { kind: 'sign_in', detail: `launcher-${method}` },
  };
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
  client: ClientInfo,
  device: SignInDevice,
): Promise<LauncherResult | MfaRequiredReply> {
  const account = await findUserByEmail(ctx, input.email);
  const outcome = (result: LauncherResult) => recordOutcome(ctx, account?.id, client, 'password', result);
  return runSignIn(
    ctx,
    launcherFlow(input.developer, 'password', client),
    {
      attempt: await beginPlayerPasswordAttempt(ctx, input.email, account, device),
      async locked(attempt) {
        // Past the account's failures from untrusted clients: a proof of work per attempt, a 429 as everywhere.
        if (attempt.challengeRequired)
          throw await challengeRequired(ctx, 'sign-in', attempt.challengeSubject);
        return outcome(
          fail('PASSWORD_LOCKED', LAUNCHER_MESSAGES.passwordLocked(lockMinutes(attempt.lockedForMs))),
        );
      },
      prove: () => findUserByCredentials(ctx, input.email, input.password),
      wrong: () => outcome(fail('INVALID_CREDENTIALS', LAUNCHER_MESSAGES.invalidCredentials)),
    },
    { client, device },
  );
}

/**
 * POST /api/login-caliber/mfa: the second step of a launcher password sign-in (docs/decisions/0031); the
 * launcher's rules (suspended, Caliber registration, developer) are checked when it completes.
 */
export function completeLauncherSignIn(
  ctx: ServiceContext,
  input: { mfa_token: string; code: string },
  client: ClientInfo,
  device: SignInDevice,
): Promise<LauncherResult> {
  return resumeSignIn(
    ctx,
    { launcher: (kept) => launcherFlow(kept.developer === true, 'password', client) },
    input,
    { client, device },
  );
}

/** Records that `device` completed a full launcher sign-in of the player now (decision 0039). */
async function rememberPinDevice(ctx: ServiceContext, userId: string, device: SignInDevice) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(pinDevices)
    .values({ userId, deviceId: device.id, signedInAt: now })
    .onConflictDoUpdate({ target: [pinDevices.userId, pinDevices.deviceId], set: { signedInAt: now } });
}

/**
 * Forgets every launcher the PIN unlocks for the player: a password reset, "sign out everywhere", suspension or
 * deletion ends them with the player's sessions, so a device an attacker once signed in keeps nothing.
 */
export async function forgetPinDevices(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(pinDevices).where(eq(pinDevices.userId, userId));
}

/**
 * Whether the PIN unlocks `userId` on `device`: the device's signed cookie or token names the player, and
 * it completed a full sign-in of the player within PIN_DEVICE_DAYS and since two-step verification was
 * turned on (a launcher trusted before it never saw the second step: decision 0063).
 */
async function isPinDevice(ctx: ServiceContext, userId: string, device: SignInDevice): Promise<boolean> {
  if (!device.isTrusted(`player:${userId}`)) return false;
  const window = new Date(ctx.clock.now().getTime() - PIN_DEVICE_MS);
  const twoStepSince = await totpEnabledAt(ctx, { kind: 'player', id: userId });
  const since = twoStepSince && twoStepSince > window ? twoStepSince : window;
  const [row] = await ctx.db
    .select({ userId: pinDevices.userId })
    .from(pinDevices)
    .where(
      and(
        eq(pinDevices.userId, userId),
        eq(pinDevices.deviceId, device.id),
        gt(pinDevices.signedInAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * POST /api/login-pin-caliber: the player (email or uuid) and the 4-digit PIN. The PIN unlocks a device,
 * not an account (decision 0039): from a launcher that did not complete a full sign-in of this player in
 * the last 30 days, the answer is PIN_NOT_ON_THIS_DEVICE before any PIN is checked (the same for unknown
 * players). On such a device a wrong PIN counts against the account; the 'pin' lockout counts the attempt
 * BEFORE the PIN is checked, so parallel guesses cannot slip past the limit.
 */
export async function launcherPinLogin(
  ctx: ServiceContext,
  input: { user: string; pin: string; developer: boolean },
  client: ClientInfo,
  device: SignInDevice,
): Promise<LauncherResult> {
  const identifier = input.user.trim();
  const user = UUID.test(identifier)
    ? await findUserById(ctx, identifier)
    : await findUserByEmail(ctx, identifier);
  const outcome = (result: LauncherResult) => recordOutcome(ctx, user?.id, client, 'pin', result);
  if (!user || !(await isPinDevice(ctx, user.id, device)))
    return outcome(fail('PIN_NOT_ON_THIS_DEVICE', LAUNCHER_MESSAGES.pinNotOnThisDevice));
  return runTwoFactorSignIn(
    ctx,
    launcherFlow(input.developer, 'pin', client),
    {
      attempt: await beginAttempt(ctx, 'pin', user.id),
      locked: (attempt) =>
        outcome(fail('PIN_LOCKED', LAUNCHER_MESSAGES.pinLocked(lockMinutes(attempt.lockedForMs)))),
      async prove() {
        const registration = await findGameRegistration(ctx, user.id, 'caliber');
        const ok = registration?.pinHash
          ? await verifySecret(registration.pinHash, input.pin)
          : await verifyDecoy(input.pin);
        return ok ? user : null;
      },
      wrong: (failure) =>
        outcome(
          failure.lockedForMs > 0
            ? fail('PIN_LOCKED', LAUNCHER_MESSAGES.pinLocked(lockMinutes(failure.lockedForMs)))
            : fail('INVALID_PIN', LAUNCHER_MESSAGES.invalidPin(failure.attemptsLeft)),
        ),
    },
    { client, device },
  );
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
  if (!row) throw new AppError('INVALID_CODE', LAUNCHER_MESSAGES.invalidCode);
  const user = await findUserById(ctx, row.userId);
  // A code issued before a suspension or a ban (account, or Caliber) opens nothing.
  if (
    !user ||
    playerAudience.refusal(user) === 'suspended' ||
    (await refusingSanction(ctx, user.id, { game: 'caliber' }))
  )
    throw new AppError('INVALID_CODE', LAUNCHER_MESSAGES.invalidCode);
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

/** Scheduled clean-up of codes, and of launchers whose PIN no longer unlocks anything. */
export async function purgeLauncherCodes(ctx: ServiceContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .delete(launcherCodes)
    .where(lt(launcherCodes.expiresAt, new Date(now.getTime() - 60 * 60_000)));
  await ctx.db.delete(pinDevices).where(lt(pinDevices.signedInAt, new Date(now.getTime() - PIN_DEVICE_MS)));
}
