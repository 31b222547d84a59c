import type { ServiceContext } from '../../lib/context';
import { PERSONAL_DATA } from './registry';

/**
 * GET /api/account/export: everything the portal holds about the player (GDPR art. 15 and 20, Philippine
 * Data Privacy Act sec. 16), as plain JSON: each module's sections in the registry's order (404 when the
 * player is not there).
 */
export async function exportAccountData(ctx: ServiceContext, userId: string) {
  const data: { exported_at: string } & Record<string, unknown> = {
    exported_at: ctx.clock.now().toISOString(),
  };
  for (const part of PERSONAL_DATA) if (part.export) Object.assign(data, await part.export(ctx, userId));
  return data;
}
