import type { ServiceContext } from '../../lib/context';
import type { PersonalDataRegistry } from '../../lib/personal-data';

/**
 * GET /api/account/export: everything the portal holds about the player (GDPR art. 15 and 20, Philippine
 * Data Privacy Act sec. 16), as plain JSON: each owner's sections in the order of `personalData` (404 when
 * the player is not there).
 */
export async function exportAccountData(
  ctx: ServiceContext,
  personalData: PersonalDataRegistry,
  userId: string,
) {
  const data: { exported_at: string } & Record<string, unknown> = {
    exported_at: ctx.clock.now().toISOString(),
  };
  for (const part of personalData) if (part.export) Object.assign(data, await part.export(ctx, userId));
  return data;
}
