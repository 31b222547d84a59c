import type { ServiceContext } from './context';

/**
 * What else ends when all of a player's portal sessions end (sign out everywhere, a password reset or email
 * change, suspension, account deletion). Modules above lib register here, so lib/sessions.ts calls them
 * without importing them: the OpenID Provider ends the player's app grants and tokens
 * (docs/decisions/0041-openid-provider.md). Each runs with the caller's context (a transaction's inside one).
 */
type PlayerSessionsEnded = (ctx: ServiceContext, userId: string) => Promise<void>;

const listeners = new Map<string, PlayerSessionsEnded>();

/** Registers (or replaces) the listener named `name`; `app.ts` registers them as it builds the app. */
export function onPlayerSessionsEnded(name: string, listener: PlayerSessionsEnded): void {
  listeners.set(name, listener);
}

export async function playerSessionsEnded(ctx: ServiceContext, userId: string): Promise<void> {
  for (const listener of listeners.values()) await listener(ctx, userId);
}
