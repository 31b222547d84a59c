import { ACCOUNT_MESSAGES, type Game, type ProfileUser } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { userGames, users } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, unauthenticated } from '../../lib/errors';
import { beginPasswordAttempt, emailLockoutKey, lockMinutes } from '../../lib/lockout';
import { recordSecurityEvent } from '../security';
import {
  type AccountRefusal,
  type Audience,
  resumeSignIn,
  runTwoFactorSignIn,
  type SignInEnv,
  type SignInFlow,
  signInProof,
} from '../sign-in';
import { sendNewDeviceEmail } from './emails';
import { issueSessionWithProfile } from './profile-user';
import { checkPassword, findUserById, type UserRow } from './users';

/** A player's sign-in reply: the session and the User (a pending deletion travels in it, decision 0045). */
export type PlayerSignedIn = { token: string; user: ProfileUser };

/**
 * The password lockout of a player sign-in from `device` (docs/decisions/0028-device-cookie-lockout.md),
 * keyed by the email so unknown addresses lock alike. Shared by /login, the launcher and proving the
 * password again (`playerAudience.password`).
 */
export function beginPlayerPasswordAttempt(
  ctx: ServiceContext,
  email: string,
  account: { id: string } | null,
  device: SignInDevice,
) {
  const client = device.clientFor(account ? `player:${account.id}` : null);
  return beginPasswordAttempt(ctx, 'player', emailLockoutKey(email), client);
}

/**
 * Players as the sign-in pipeline sees them (docs/decisions/0053): the password under its lockout, the
 * account rules, first sign-in, new devices.
 */
export const playerAudience: Audience<UserRow> = {
  kind: 'player',
  password: {
    begin: (ctx, user, device) => beginPlayerPasswordAttempt(ctx, user.email, user, device),
    matches: async (user, password) => Boolean(await checkPassword(user, password)),
    lockedOut: (ms) => new AppError('LOCKED_OUT', ACCOUNT_MESSAGES.lockedOut(lockMinutes(ms))),
  },
  find: findUserById,
  sanctioned: true,
  refusal: (user) =>
    user.accountStatus !== 'active' ? 'suspended' : user.emailVerifiedAt ? null : 'unverified',
  async markFirstSignIn(ctx, user) {
    const [first] = await ctx.db
      .update(users)
      .set({ firstSignedInAt: ctx.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.firstSignedInAt)))
      .returning({ id: users.id });
    return Boolean(first);
  },
  alertNewDevice: (ctx, user, device) =>
    sendNewDeviceEmail(ctx, user, device, { kind: 'player', id: user.id }),
};

/** The 403 of a player the account rules refuse. */
export const playerRefusalError = (refusal: AccountRefusal) =>
  refusal === 'unverified'
    ? new AppError('UNVERIFIED', ACCOUNT_MESSAGES.unverified)
    : new AppError('SUSPENDED', ACCOUNT_MESSAGES.suspended);

/** Writes a refused sign-in to the history of the account it named; nothing for unknown emails. */
export async function recordRefusal(
  ctx: ServiceContext,
  account: { id: string } | null,
  client: ClientInfo,
  kind: 'sign_in_failed' | 'sign_in_locked',
  detail = 'password',
): Promise<void> {
  if (account)
    await recordSecurityEvent(ctx, { userId: account.id, ...client, kind, detail, at: ctx.clock.now() });
}

/** The session of a sign-in whose first factor is `first`, recording how it was proved. */
const openPlayerSession = (first: string) => (ctx: ServiceContext, user: UserRow, env: SignInEnv) =>
  issueSessionWithProfile(ctx, user.id, env.client, signInProof(first, env));

/** Registers the account for `game` if it is not yet (no nickname or PIN); idempotent. */
async function ensureGameRegistration(ctx: ServiceContext, userId: string, game: Game) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(userGames)
    .values({ userId, game, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [userGames.userId, userGames.game] });
}

/**
 * POST /login's flow: refusals before the code step (recorded on the first pass), the Yggdra registration
 * of a sign-in from Yggdra's page, a new device told by email, the session.
 */
export function passwordSignInFlow(game: Game | null): SignInFlow<UserRow, PlayerSignedIn> {
  return {
    audience: playerAudience,
    challenge: { flow: 'login', payload: { game } },
    rulesBeforeChallenge: true,
    async refused(ctx, user, refusal, env) {
      if (!env.resumed) await recordRefusal(ctx, user, env.client, 'sign_in_failed', `password: ${refusal}`);
      throw playerRefusalError(refusal);
    },
    async requiredActions(ctx, user) {
      if (game === 'yggdra') await ensureGameRegistration(ctx, user.id, 'yggdra');
      return null;
    },
    device: 'alert',
    open: openPlayerSession('password'),
    event: { kind: 'sign_in', detail: 'password' },
  };
}

/**
 * A provider's sign-in (`method`: 'google'…): an unverified account may sign in (the reply says so), a
 * suspended one gets `suspendedMessage` (the social pages' own wording on the first pass); no device step.
 */
export function socialSignInFlow(
  method: string,
  suspendedMessage: string = ACCOUNT_MESSAGES.suspended,
): SignInFlow<UserRow, PlayerSignedIn> {
  return {
    audience: playerAudience,
    challenge: { flow: 'social', payload: { method } },
    rulesBeforeChallenge: true,
    allows: ['unverified'],
    async refused() {
      throw new AppError('SUSPENDED', suspendedMessage);
    },
    device: 'none',
    open: openPlayerSession(method),
    event: { kind: 'sign_in', detail: method },
  };
}

const passkeySignInFlow: SignInFlow<UserRow, PlayerSignedIn> = {
  audience: playerAudience,
  rulesBeforeChallenge: true,
  async refused(ctx, user, refusal, env) {
    await recordRefusal(ctx, user, env.client, 'sign_in_failed', `passkey: ${refusal}`);
    throw playerRefusalError(refusal);
  },
  device: 'alert',
  open: openPlayerSession('passkey'),
  event: { kind: 'passkey_sign_in', detail: 'passkey' },
};

/**
 * The end of a passkey sign-in (docs/decisions/0033-passkeys.md): the passkey proved two factors, so the
 * account's rules of /login apply (403 suspended or unverified) and the session opens, with no code step.
 */
export async function signInWithPasskey(
  ctx: ServiceContext,
  userId: string,
  device: SignInDevice,
  client: ClientInfo,
): Promise<PlayerSignedIn> {
  const user = await findUserById(ctx, userId);
  if (!user) throw unauthenticated();
  return runTwoFactorSignIn(ctx, passkeySignInFlow, { account: user }, { client, device });
}

/**
 * POST /login/mfa: the second step of a password or social sign-in (docs/decisions/0031). The account's
 * rules are checked again (it may have been suspended meanwhile), then the sign-in finishes as it would have.
 */
export function completeSignIn(
  ctx: ServiceContext,
  input: { mfa_token: string; code: string },
  device: SignInDevice,
  client: ClientInfo,
): Promise<PlayerSignedIn> {
  return resumeSignIn(
    ctx,
    {
      login: (kept) => passwordSignInFlow(kept.game === 'yggdra' ? 'yggdra' : null),
      social: (kept) => socialSignInFlow(String(kept.method)),
    },
    input,
    { client, device },
  );
}
