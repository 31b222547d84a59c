import { type Game, OIDC_MESSAGES } from '@portal/contract';
import type { KoaContext } from 'oidc-provider';
import type { ServiceContext } from '../../lib/context';
import { AppError, unauthenticated } from '../../lib/errors';
import {
  findUserById,
  playerAudience,
  playerRefusalError,
  registeredGames,
  type UserRow,
} from '../accounts/index';
import { assertNotSanctioned, refusingSanction } from '../standing';
import { findApp } from './clients';

/**
 * The account rules of the portal's own sign-in (the pipeline's player audience, decision 0053), for an
 * app: suspended and unverified accounts are refused with the portal's messages, and so is an account
 * waiting for deletion (a portal sign-in cancels that). An erased account is gone.
 */
function refusal(user: UserRow | null): AppError | null {
  if (!user || user.erasedAt) return unauthenticated('Your session has ended. Please sign in again.');
  const rule = playerAudience.refusal(user);
  if (rule) return playerRefusalError(rule);
  if (user.deletionRequestedAt) return new AppError('PENDING_DELETION', OIDC_MESSAGES.pendingDeletion);
  return null;
}

/**
 * The player a session belongs to, when the account may use an app of `game` (null: an app of no game); the
 * refusal otherwise: the account rules, then an account ban or a ban from the app's game (issue #37).
 */
export async function playerAllowedInApps(
  ctx: ServiceContext,
  userId: string,
  game: Game | null,
): Promise<UserRow> {
  const user = await findUserById(ctx, userId);
  const refused = refusal(user);
  if (refused) throw refused;
  await assertNotSanctioned(ctx, userId, { game });
  return user!;
}

/**
 * The provider's findAccount: the player behind a grant or token, with the claims the granted scopes open.
 * An account the rules refuse answers nothing, so its tokens stop working at once (userinfo and refresh are
 * refused) and a browser session with it must sign in again.
 */
export function accountFinder(ctx: ServiceContext) {
  return async (koa: KoaContext, sub: string) => {
    const user = await findUserById(ctx, sub).catch(() => null);
    if (refusal(user)) return undefined;
    const clientId = koa.oidc.client?.clientId;
    const app = clientId ? await findApp(ctx, clientId) : null;
    // A ban (the account's, or from the app's game) stops the app's tokens at their next use (issue #37).
    if (await refusingSanction(ctx, sub, { game: app?.game ?? null })) return undefined;
    return {
      accountId: sub,
      async claims(_use: string, scope: string) {
        const scopes = new Set(scope.split(' '));
        const claims: Record<string, unknown> = { sub };
        if (scopes.has('email')) Object.assign(claims, { email: user!.email, email_verified: true });
        if (scopes.has('profile') || scopes.has('games')) {
          const games = await registeredGames(ctx, sub);
          if (scopes.has('profile')) {
            claims.name = user!.name;
            const nickname = app?.game ? games.find((g) => g.game === app.game)?.nickname : null;
            if (nickname) claims.nickname = nickname;
          }
          if (scopes.has('games')) claims.games = games.map((g) => g.game);
        }
        return claims;
      },
    };
  };
}
