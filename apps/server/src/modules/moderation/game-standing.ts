import { type Game, type GameStanding, SANCTION_MESSAGES } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { findUserById } from '../accounts';
import { covers, sanctionsInForce, sanctionView } from '../standing';

/**
 * GET /api/game/players/{uuid}/standing: what applies to the key's game now: account bans, the game's bans
 * and its chat restrictions (which the game enforces itself). Nothing of other games, nor purchases.
 */
export async function gameStanding(ctx: ServiceContext, game: Game, userId: string): Promise<GameStanding> {
  const user = await findUserById(ctx, userId);
  if (!user) throw notFound(SANCTION_MESSAGES.playerNotFound);
  const now = ctx.clock.now();
  const applying = (await sanctionsInForce(ctx, now, userId)).filter(
    (row) => row.scope === 'account' || row.game === game,
  );
  return {
    player: userId,
    banned: applying.some((row) => covers(row, { game })),
    sanctions: applying.map((row) => {
      const { appeal: _appeal, ...sanction } = sanctionView(row, null, now);
      return sanction;
    }),
  };
}
