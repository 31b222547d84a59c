import type { ServiceContext } from '../../lib/context';
import { resolveServerKey } from '../events';

/** Checks a game server key created with the events module's CLI; only live Caliber keys pass. */
export async function verifyCaliberServerKey(
  ctx: ServiceContext,
  key: string,
): Promise<{ id: string } | null> {
  if (!key || key.length > 200) return null;
  const row = await resolveServerKey(ctx, key);
  return row && row.game === 'caliber' ? { id: row.id } : null;
}
