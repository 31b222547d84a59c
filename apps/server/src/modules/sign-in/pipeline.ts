import { type Game, MFA_MESSAGES, type MfaRequiredReply } from '@portal/contract';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { type AppError, unauthenticated, validationError } from '../../lib/errors';
import type { Attempt, Failure } from '../../lib/lockout';
import { challengeRequired } from '../../lib/proof-of-work';
import type { SessionKind } from '../../lib/sessions';
import { recordSecurityEvent } from '../security';
import { refusingSanction, type SanctionRow, sanctionedError } from '../standing';
import { answerChallenge, type ChallengeFlow, openChallenge } from './challenges';

/**
 * One sign-in pipeline (docs/decisions/0053-one-sign-in-pipeline.md). A strategy (password, passkey,
 * provider, launcher PIN) proves who someone is; this sequence does the rest, the same for every entry point:
 *
 *   0. for a secret (a password, a launcher PIN): the lockout. The attempt is begun (and counted) before the
 *      secret is checked; a locked one gets no check, a wrong secret counts a failure, a right one clears the
 *      lockout (docs/decisions/0028, 0039)
 *   1. account rules (suspended, unverified, inactive) and the sanctions in force (an account ban, or a ban
 *      from the flow's game: issue #37), before the second step when the flow says so
 *   2. the two-step requirement: a challenge (`mfa_token`) in the challenge store, unless the method proved two
 *      factors; answering it resumes here
 *   3. after the proof: what the proof settles (the launcher's password ends a PIN lockout), the account rules
 *      again (the account may have changed while the code was awaited), the flow's required actions
 *   4. device trust, with the new-device email
 *   5. the session (or what the entry point hands out instead: the launcher's code)
 *   6. the security event
 */

/** An account rule that refuses a sign-in. */
export type AccountRefusal = 'suspended' | 'unverified' | 'inactive';

/** How an audience's password is checked, under its sign-in lockout (docs/decisions/0028, 0039). */
interface PasswordCheck<A> {
  /** The attempt at the account's password from `device`, begun (and counted) before the check. */
  begin(ctx: ServiceContext, account: A, device: SignInDevice): Promise<Attempt>;
  /** Whether `password` is the account's. */
  matches(account: A, password: string): Promise<boolean>;
  /** The 429 of a locked attempt that no proof of work opens. */
  lockedOut(lockedForMs: number): AppError;
}

/** Who signs in (players, staff), given by the module that owns the accounts. */
export interface Audience<A extends { id: string }> {
  kind: SessionKind;
  /** Its password, for proving it again (`provePasswordAgain`). */
  password: PasswordCheck<A>;
  find(ctx: ServiceContext, id: string): Promise<A | null>;
  /** The first account rule the account breaks, or null. */
  refusal(account: A): AccountRefusal | null;
  /** Whether sanctions apply (players': staff accounts have none). */
  sanctioned?: true;
  /** Marks the account's first sign-in and tells whether this is it (every device is new to a new account). */
  markFirstSignIn?(ctx: ServiceContext, account: A): Promise<boolean>;
  /** Tells the account about a sign-in from a device it has not used before. */
  alertNewDevice(ctx: ServiceContext, account: A, device: SignInDevice): Promise<void>;
}

export interface SignInEnv {
  client: ClientInfo;
  device: SignInDevice;
  /** True when the sign-in resumes after its second step. */
  resumed: boolean;
}

/**
 * How a sign-in was proved, for its session (decision 0063): the first factor (`first`: 'password',
 * 'passkey' or a provider), with '+code' when it resumed after the second step.
 */
export const signInProof = (first: string, env: SignInEnv): string => (env.resumed ? `${first}+code` : first);

/** One entry point's use of the pipeline: its audience, and what each step does for it. */
export interface SignInFlow<A extends { id: string }, R> {
  audience: Audience<A>;
  /** The second step's challenge; absent when the method proves two factors (a passkey, a launcher PIN). */
  challenge?: { flow: ChallengeFlow; payload: Record<string, unknown> };
  /** Whether the account rules refuse before a second step is asked (else only once it is answered). */
  rulesBeforeChallenge: boolean;
  /** The game the sign-in is for (the launcher's): a ban from it refuses, as an account ban does. */
  game?: Game;
  /**
   * The answer to a sanctioned account when it is not the 403 ACCOUNT_SANCTIONED (the launcher's own shape);
   * it records the refusal itself.
   */
  sanctioned?(ctx: ServiceContext, account: A, sanction: SanctionRow, env: SignInEnv): Promise<R>;
  /** Account rules the flow does not apply (a provider's sign-in lets an unverified account in). */
  allows?: AccountRefusal[];
  /** The answer to a refused account (it throws, or returns the entry point's failure reply). */
  refused(ctx: ServiceContext, account: A, refusal: AccountRefusal, env: SignInEnv): Promise<R>;
  /** What a right proof settles before the rules are checked again. */
  proved?(ctx: ServiceContext, account: A): Promise<void>;
  /** The entry point's own requirements and actions (Keycloak's required actions): a failure reply or null. */
  requiredActions?(ctx: ServiceContext, account: A): Promise<R | null>;
  /** Device trust: 'alert' trusts the device and emails about a new one, 'trust' only trusts it. */
  device: 'alert' | 'trust' | 'none';
  /** The session, or what the entry point hands out instead. */
  open(ctx: ServiceContext, account: A, env: SignInEnv): Promise<R>;
  /** The security event of a sign-in that succeeded. */
  event: { kind: 'sign_in' | 'passkey_sign_in'; detail?: string };
}

/** What a strategy proved: the account; `confirm` runs once the account rules have let it through. */
interface SignInProof<A> {
  account: A;
  confirm?: () => Promise<void>;
}

/** A locked attempt, as the entry point answers it. */
type LockedAttempt = Extract<Attempt, { locked: true }>;

/** A strategy that proves the account with a secret, under the lockout (step 0). */
interface SecretProof<A, R> {
  /** The attempt, begun before the secret is checked. */
  attempt: Attempt;
  /** The answer to a locked attempt: it throws, or returns the entry point's failure reply. */
  locked(attempt: LockedAttempt): Promise<R>;
  /** Checks the secret: the account it proves, or null. */
  prove(): Promise<A | null>;
  /** The answer to a wrong secret, once its failure is counted. */
  wrong(failure: Failure): Promise<R>;
  /** A right secret clears the lockout at once, or only once the account rules let the account through. */
  clears?: 'at-once' | 'after-rules';
}

type Proof<A, R> = SignInProof<A> | SecretProof<A, R>;

/**
 * The 429 of a locked password attempt: past the account's counter of failures from untrusted clients, the
 * proof-of-work challenge that opens one attempt (CHALLENGE_REQUIRED, decision 0039); else the lock.
 */
export const lockedAttemptError = async (
  ctx: ServiceContext,
  attempt: LockedAttempt,
  lockedOut: (lockedForMs: number) => AppError,
): Promise<AppError> =>
  attempt.challengeRequired
    ? await challengeRequired(ctx, 'sign-in', attempt.challengeSubject)
    : lockedOut(attempt.lockedForMs);

/** Step 0: a secret proof under its lockout settles into the proved account, or the entry point's answer. */
async function settle<A, R>(proof: Proof<A, R>): Promise<{ proved: SignInProof<A> } | { answer: R }> {
  if (!('attempt' in proof)) return { proved: proof };
  const { attempt } = proof;
  if (attempt.locked) return { answer: await proof.locked(attempt) };
  const account = await proof.prove();
  if (!account) return { answer: await proof.wrong(await attempt.failed()) };
  if (proof.clears === 'after-rules') return { proved: { account, confirm: attempt.succeeded } };
  await attempt.succeeded();
  return { proved: { account } };
}

/**
 * Proving it again (decision 0068): the password of a signed-in account, checked again before a change that
 * needs it (the step-up, deletion, the email and password change, Caliber registration), through step 0 as
 * a sign-in checks it: under the audience's lockout, a lock answered as a sign-in's is (the proof-of-work
 * challenge when one opens it, else 429 LOCKED_OUT); 422 on `refusals.field` when the password is missing
 * or wrong (a counted failure, after `refusals.failed`).
 */
export async function provePasswordAgain<A extends { id: string }>(
  ctx: ServiceContext,
  audience: Audience<A>,
  account: A,
  input: { password: string | null | undefined; device: SignInDevice },
  refusals: { field: string; required: string; wrong: string; failed?: () => Promise<void> },
): Promise<void> {
  const { password } = input;
  if (!password) throw validationError({ [refusals.field]: [refusals.required] });
  const check = audience.password;
  await settle<A, never>({
    attempt: await check.begin(ctx, account, input.device),
    async locked(attempt) {
      throw await lockedAttemptError(ctx, attempt, check.lockedOut);
    },
    prove: async () => ((await check.matches(account, password)) ? account : null),
    async wrong() {
      await refusals.failed?.();
      throw validationError({ [refusals.field]: [refusals.wrong] });
    },
  });
}

function refusalOf<A extends { id: string }, R>(flow: SignInFlow<A, R>, account: A) {
  const refusal = flow.audience.refusal(account);
  return refusal && !flow.allows?.includes(refusal) ? refusal : null;
}

/** Step 1: the account rules, then the sanctions in force; the entry point's answer, or null to go on. */
async function refused<A extends { id: string }, R>(
  ctx: ServiceContext,
  flow: SignInFlow<A, R>,
  account: A,
  env: SignInEnv,
): Promise<{ answer: R } | null> {
  const refusal = refusalOf(flow, account);
  if (refusal) return { answer: await flow.refused(ctx, account, refusal, env) };
  if (!flow.audience.sanctioned) return null;
  const sanction = await refusingSanction(ctx, account.id, { game: flow.game ?? null });
  if (!sanction) return null;
  if (flow.sanctioned) return { answer: await flow.sanctioned(ctx, account, sanction, env) };
  if (!env.resumed)
    await recordSecurityEvent(ctx, {
      ...owner(flow.audience.kind, account.id),
      ...env.client,
      kind: 'sign_in_failed',
      detail: `${flow.event.detail ?? 'sign-in'}: sanctioned`,
      at: ctx.clock.now(),
    });
  throw sanctionedError(ctx, sanction);
}

const owner = (kind: SessionKind, id: string) => (kind === 'player' ? { userId: id } : { adminId: id });

/**
 * Runs the pipeline for an account a strategy proves with one factor: with two-step verification on, the
 * sign-in waits in the challenge store and the reply is the `mfa_token`.
 */
export async function runSignIn<A extends { id: string }, R>(
  ctx: ServiceContext,
  flow: SignInFlow<A, R>,
  strategy: Proof<A, R>,
  env: Omit<SignInEnv, 'resumed'>,
): Promise<R | MfaRequiredReply> {
  const settled = await settle(strategy);
  if ('answer' in settled) return settled.answer;
  const proof = settled.proved;
  const first = { ...env, resumed: false };
  if (flow.rulesBeforeChallenge) {
    const refusal = await refused(ctx, flow, proof.account, first);
    if (refusal) return refusal.answer;
  }
  await proof.confirm?.();
  if (flow.challenge) {
    const subject = { kind: flow.audience.kind, id: proof.account.id };
    const challenge = await openChallenge(ctx, subject, flow.challenge.flow, flow.challenge.payload);
    if (challenge) return challenge;
  }
  return finishSignIn(ctx, flow, proof.account, first);
}

/** Runs the pipeline for a method that proved two factors (a passkey, a launcher PIN): no challenge. */
export async function runTwoFactorSignIn<A extends { id: string }, R>(
  ctx: ServiceContext,
  flow: SignInFlow<A, R>,
  strategy: Proof<A, R>,
  env: Omit<SignInEnv, 'resumed'>,
): Promise<R> {
  const settled = await settle(strategy);
  if ('answer' in settled) return settled.answer;
  const { account, confirm } = settled.proved;
  return finishSignIn(ctx, flow, account, { ...env, resumed: false }, confirm);
}

/**
 * The second step of any flow: the challenge answered, the flow named by it (built from what it kept)
 * finishes the sign-in. 401 when its account is gone.
 */
export async function resumeSignIn<A extends { id: string }, R>(
  ctx: ServiceContext,
  flows: Partial<Record<ChallengeFlow, (payload: Record<string, unknown>) => SignInFlow<A, R>>>,
  input: { mfa_token: string; code: string },
  env: Omit<SignInEnv, 'resumed'>,
): Promise<R> {
  const names = Object.keys(flows) as ChallengeFlow[];
  const done = await answerChallenge(
    ctx,
    { token: input.mfa_token, code: input.code, flows: names },
    env.client,
  );
  const flow = flows[done.flow]!(done.payload);
  const account = await flow.audience.find(ctx, done.subject.id);
  if (!account) throw unauthenticated(MFA_MESSAGES.tokenInvalid);
  return finishSignIn(ctx, flow, account, { ...env, resumed: true });
}

async function finishSignIn<A extends { id: string }, R>(
  ctx: ServiceContext,
  flow: SignInFlow<A, R>,
  account: A,
  env: SignInEnv,
  confirm?: () => Promise<void>,
): Promise<R> {
  await flow.proved?.(ctx, account);
  const refusal = await refused(ctx, flow, account, env);
  if (refusal) return refusal.answer;
  await confirm?.();
  const failed = await flow.requiredActions?.(ctx, account);
  if (failed) return failed;
  if (flow.device !== 'none') {
    const key = `${flow.audience.kind}:${account.id}` as const;
    if (flow.device === 'alert') {
      const firstSignIn = (await flow.audience.markFirstSignIn?.(ctx, account)) ?? false;
      if (!firstSignIn && !env.device.isTrusted(key))
        await flow.audience.alertNewDevice(ctx, account, env.device);
    }
    env.device.trust(key);
  }
  const opened = await flow.open(ctx, account, env);
  await recordSecurityEvent(ctx, {
    ...owner(flow.audience.kind, account.id),
    ...env.client,
    ...flow.event,
    at: ctx.clock.now(),
  });
  return opened;
}
