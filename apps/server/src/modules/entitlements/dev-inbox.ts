import {
  type Game,
  type GameWebhookEvent,
  gameWebhookEventSchema,
  isShopGame,
  PORTAL_EVENT_ID_HEADER,
  PORTAL_SIGNATURE_HEADER,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { gameWebhooks } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { openSecret } from '../../lib/secret-box';
import { consumeEntitlement } from './consume';
import { verifyPortalSignature, WEBHOOK_SECRET_PURPOSE } from './webhooks-signature';

/** What the development receiver did with one request, newest first on /dev/game-inbox. */
export interface InboxEntry {
  game: Game;
  received_at: string;
  event_id: string | null;
  type: GameWebhookEvent['type'] | null;
  /** What the pretend game did: consumed the entitlement, took it back, ignored a repeat, refused it… */
  outcome: string;
  entitlement: GameWebhookEvent['data']['entitlement'] | null;
}

const KEPT = 200;

/**
 * The development receiver (never in production): stands in for each game's server, so the whole loop is
 * visible after one demo purchase. It checks the signature as a game must, ignores an event id it has seen
 * (at least once delivery), and consumes each granted entitlement at once. What it received is kept in memory.
 */
export function createDevGameInbox(ctx: ServiceContext) {
  const entries: InboxEntry[] = [];
  const seen = new Set<string>();
  const note = (entry: Omit<InboxEntry, 'received_at'>) => {
    entries.unshift({ ...entry, received_at: ctx.clock.now().toISOString() });
    entries.length = Math.min(entries.length, KEPT);
  };

  async function secretOf(game: Game) {
    const [webhook] = await ctx.db.select().from(gameWebhooks).where(eq(gameWebhooks.game, game));
    return webhook ? openSecret(ctx.config.SECRET_KEY, WEBHOOK_SECRET_PURPOSE, webhook.secretSealed) : null;
  }

  /** One webhook request: 401 for a bad signature, 400 for a body that is not an event, else 200. */
  async function receive(
    game: Game,
    headers: Record<string, unknown>,
    raw: string,
  ): Promise<{ outcome: string }> {
    const header = (name: string) => {
      const value = headers[name.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    };
    const secret = await secretOf(game);
    if (!secret || !verifyPortalSignature(secret, header(PORTAL_SIGNATURE_HEADER), raw, ctx.clock.now())) {
      const outcome = 'Refused: the signature does not match this game’s secret.';
      note({
        game,
        event_id: header(PORTAL_EVENT_ID_HEADER) ?? null,
        type: null,
        outcome,
        entitlement: null,
      });
      throw new AppError('BAD_SIGNATURE', outcome);
    }
    let parsed: ReturnType<typeof gameWebhookEventSchema.safeParse>;
    try {
      parsed = gameWebhookEventSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = gameWebhookEventSchema.safeParse(undefined);
    }
    if (!parsed.success) throw new AppError('BAD_EVENT', 'The body is not a portal event.');
    const event = parsed.data;
    const entitlement = event.data.entitlement ?? null;
    const base = { game, event_id: event.id, type: event.type, entitlement };
    if (seen.has(event.id)) {
      note({ ...base, outcome: 'Already handled this event id: ignored (delivered again).' });
      return { outcome: 'duplicate' };
    }
    let outcome = 'Received.';
    if (event.type === 'entitlement.granted' && entitlement && isShopGame(game)) {
      try {
        const consumed = await consumeEntitlement(ctx, game, entitlement.id);
        outcome = `Gave ${entitlement.quantity} × ${entitlement.name} to the player; consumed (${consumed.status}).`;
      } catch (error) {
        outcome = `Not given: ${error instanceof Error ? error.message : String(error)}`;
      }
    } else if (event.type === 'player.sanctioned' && event.data.sanction) {
      const { player, scope, expires_at } = event.data.sanction;
      const until = expires_at ? `until ${expires_at.slice(0, 10)}` : 'for good';
      outcome =
        scope === 'chat'
          ? `Muted player ${player} in chat ${until}.`
          : `Kept player ${player} out of matches ${until} (${scope} ban).`;
    } else if (event.type === 'player.sanction_lifted' && event.data.sanction) {
      outcome = `Let player ${event.data.sanction.player} back in: the ${event.data.sanction.scope} sanction was lifted.`;
    } else if (event.type === 'entitlement.revoked' && entitlement) {
      outcome = entitlement.clawback
        ? `Took ${entitlement.quantity} × ${entitlement.name} back from the player (clawback).`
        : 'Revoked before it was handed over: nothing to take back.';
    }
    seen.add(event.id);
    note({ ...base, outcome });
    return { outcome };
  }

  return { receive, entries: (game?: Game) => entries.filter((e) => !game || e.game === game) };
}

/** Demo data: each game's webhook points at the development receiver (games that have none yet). */
export function devInboxUrl(ctx: ServiceContext, game: Game): string {
  return `${ctx.config.PUBLIC_URL}/dev/game-inbox/${game}`;
}
