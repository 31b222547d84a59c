import type { ServiceContext } from '../lib/context';
import { devInboxUrl, listGameSettings, saveWebhook } from '../modules/entitlements';

/**
 * Demo: each game's webhook points at the development receiver (/dev/game-inbox), so one purchase in a demo
 * shop shows the whole loop: paid → entitlement → signed webhook → consumed. Games that have a webhook keep it.
 */
export async function seedGameWebhooksDemo(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const without = (await listGameSettings(ctx)).filter((g) => g.webhook === null);
  for (const { game } of without)
    await saveWebhook(ctx, game, { url: devInboxUrl(ctx, game), active: true }, null, null);
  return without.length > 0 ? { webhooks: without.length } : null;
}
