import {
  isMfaRequired,
  type MfaRequiredReply,
  PAGE_PATHS,
  pageHref,
  type RouteGame,
  SOCIAL_MESSAGES,
  type SocialErrorReason,
  type SocialIntent,
  type SocialUserReply,
} from '@portal/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { socialExchangeTokens, socialIdentities } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, validationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { hashToken, randomToken, signPayload, verifyPayload } from '../../lib/tokens';
import {
  createSocialAccount,
  findUserById,
  playerAudience,
  registerForGame,
  resendVerification,
  signInWithProvider,
} from '../accounts';
import {
  authorizationUrl,
  completeSignIn,
  isConfigured,
  oidc,
  type ProviderName,
  type ProviderProfile,
  providerConfiguration,
} from './providers';

/** The provider round trip must finish within 10 minutes; the exchange token lives 5 minutes. */
export const STATE_TTL_MS = 10 * 60_000;
const EXCHANGE_TTL_MS = 5 * 60_000;

export class SocialFailure extends Error {
  constructor(readonly reason: SocialErrorReason) {
    super(SOCIAL_MESSAGES.reasons[reason]);
  }
}

export interface StartResult {
  redirect: string;
  /** Signed browser-binding value for the cookie: the PKCE verifier and nonce never leave the browser's cookie. */
  cookie: string;
}

interface StatePayload extends Record<string, unknown> {
  p: ProviderName;
  intent: SocialIntent;
  game: RouteGame;
  sid: string;
}
interface CookiePayload extends Record<string, unknown> {
  sid: string;
  v: string;
  n: string;
}

/** GET /api/auth/{provider}: the authorization URL, a signed expiring state and the browser-bound cookie. */
export async function startSocialSignIn(
  ctx: ServiceContext,
  provider: ProviderName,
  input: { intent: SocialIntent; game: RouteGame },
): Promise<StartResult> {
  if (!isConfigured(ctx.config, provider)) throw new SocialFailure('not_configured');
  let configuration: oidc.Configuration;
  try {
    configuration = await providerConfiguration(ctx.config, provider);
  } catch {
    throw new SocialFailure('provider');
  }
  const expires = new Date(ctx.clock.now().getTime() + STATE_TTL_MS);
  const sid = randomToken();
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = signPayload(
    ctx.config.SECRET_KEY,
    { p: provider, intent: input.intent, game: input.game, sid },
    expires,
  );
  const cookie = signPayload(ctx.config.SECRET_KEY, { sid, v: verifier, n: nonce }, expires);
  const url = authorizationUrl(configuration, ctx.config, provider, {
    state,
    nonce,
    codeChallenge: await oidc.calculatePKCECodeChallenge(verifier),
  });
  return { redirect: url.toString(), cookie };
}

/**
 * GET /api/auth/{provider}/callback: checks state and cookie, completes the code exchange, links or creates
 * the account and returns the /social-login URL with a single-use exchange token.
 */
export async function finishSocialSignIn(
  ctx: ServiceContext,
  provider: ProviderName,
  input: { url: URL; state: string | undefined; cookie: string | undefined; error: string | undefined },
): Promise<string> {
  if (input.error) throw new SocialFailure(input.error === 'access_denied' ? 'cancelled' : 'provider');
  if (!isConfigured(ctx.config, provider)) throw new SocialFailure('not_configured');
  const now = ctx.clock.now();
  const state = input.state ? verifyPayload<StatePayload>(ctx.config.SECRET_KEY, input.state, now) : null;
  const bound = input.cookie ? verifyPayload<CookiePayload>(ctx.config.SECRET_KEY, input.cookie, now) : null;
  if (!state || state.p !== provider || !bound || bound.sid !== state.sid) throw new SocialFailure('state');

  let profile: ProviderProfile;
  try {
    const configuration = await providerConfiguration(ctx.config, provider);
    profile = await completeSignIn(configuration, ctx.config, provider, input.url, {
      state: input.state!,
      verifier: bound.v,
      nonce: bound.n,
    });
  } catch {
    throw new SocialFailure('provider');
  }

  const { userId, created } = await linkIdentity(ctx, provider, profile, state.game);
  // A first sign-in that created the account is a registration, whichever button started it: the page
  // then asks for the game details instead of signing straight in.
  const pageState =
    created && state.intent !== 'register'
      ? signPayload(
          ctx.config.SECRET_KEY,
          { ...state, intent: 'register' },
          new Date(now.getTime() + STATE_TTL_MS),
        )
      : input.state!;
  const token = randomToken();
  await ctx.db.insert(socialExchangeTokens).values({
    tokenHash: hashToken(token),
    userId,
    provider,
    expiresAt: new Date(now.getTime() + EXCHANGE_TTL_MS),
    createdAt: now,
  });
  return pageHref(PAGE_PATHS.socialLogin, { id: userId }, { token, state: pageState });
}

/**
 * The account for a provider identity: the one already linked to it; else the account with the same
 * email, when the provider says the email is verified; else a new account. Returns the user id.
 */
async function linkIdentity(
  ctx: ServiceContext,
  provider: ProviderName,
  profile: ProviderProfile,
  game: RouteGame,
): Promise<{ userId: string; created: boolean }> {
  const now = ctx.clock.now();
  const [linked] = await ctx.db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, profile.subject)))
    .limit(1);
  if (linked) {
    const user = await findUserById(ctx, linked.userId);
    if (user) {
      if (playerAudience.refusal(user) === 'suspended') throw new SocialFailure('suspended');
      await ctx.db
        .update(socialIdentities)
        .set({ lastUsedAt: now })
        .where(eq(socialIdentities.id, linked.id));
      return { userId: user.id, created: false };
    }
  }
  if (!profile.email) throw new SocialFailure('no_email');
  const { user, created } = await createSocialAccount(ctx, {
    email: profile.email,
    name: profile.name,
    emailVerified: profile.emailVerified,
  });
  // An existing account is linked only on an email the provider has verified.
  if (!created && !profile.emailVerified) throw new SocialFailure('email_unverified');
  if (playerAudience.refusal(user) === 'suspended') throw new SocialFailure('suspended');
  await ctx.db
    .insert(socialIdentities)
    .values({
      provider,
      subject: profile.subject,
      userId: user.id,
      email: profile.email,
      createdAt: now,
      lastUsedAt: now,
    })
    .onConflictDoNothing();
  if (created && !profile.emailVerified) await resendVerification(ctx, { email: user.email, game });
  return { userId: user.id, created };
}

/** GET /api/get-user/{id}: burns the exchange token (the proof) and signs in through the pipeline. */
export async function exchangeSocialToken(
  ctx: ServiceContext,
  userId: string,
  token: string,
  env: { client: ClientInfo; device: SignInDevice },
): Promise<SocialUserReply | MfaRequiredReply> {
  const now = ctx.clock.now();
  if (!isUuid(userId)) throw new AppError('UNAUTHENTICATED', SOCIAL_MESSAGES.invalidExchange);
  const [row] = await ctx.db
    .update(socialExchangeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(socialExchangeTokens.tokenHash, hashToken(token)),
        eq(socialExchangeTokens.userId, userId),
        isNull(socialExchangeTokens.usedAt),
        gt(socialExchangeTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED', SOCIAL_MESSAGES.invalidExchange);
  const account = await findUserById(ctx, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', SOCIAL_MESSAGES.invalidExchange);
  // The sign-in pipeline (decision 0053): a suspended account gets the social pages' 403; with two-step
  // verification on, the provider was the first step and POST /login/mfa opens the session.
  const signedIn = await signInWithProvider(
    ctx,
    account,
    row.provider,
    env,
    SOCIAL_MESSAGES.reasons.suspended,
  );
  if (isMfaRequired(signedIn)) return signedIn;
  return { user: signedIn.user, isAuthenticated: Boolean(account.emailVerifiedAt), token: signedIn.token };
}

/** PUT /api/register/details: the Caliber registration of the 'Set your game details' form. */
export async function completeSocialDetails(
  ctx: ServiceContext,
  userId: string,
  input: { email: string; nickname: string; pin: string; password: string },
  device: SignInDevice,
) {
  const account = await findUserById(ctx, userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  if (account.email.toLowerCase() !== input.email.trim().toLowerCase())
    throw validationError({ email: [SOCIAL_MESSAGES.emailMismatch] });
  return registerForGame(
    ctx,
    userId,
    { game: 'caliber', nickname: input.nickname, pin: input.pin, password: input.password },
    device,
  );
}

export async function purgeSocialTokens(ctx: ServiceContext): Promise<void> {
  await ctx.db
    .delete(socialExchangeTokens)
    .where(lt(socialExchangeTokens.expiresAt, new Date(ctx.clock.now().getTime() - 60 * 60_000)));
}
