import type { Game } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import { resolveServerKey } from './keys';

function serverKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-server-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The game whose server sent the request, by its server key ("Authorization: Bearer <key>" or
 * "X-Server-Key"): 401 without a key or with one that is not live. Event ingestion and the entitlements API
 * use it alike.
 */
export async function gameServerOf(
  ctx: ServiceContext,
  request: FastifyRequest,
): Promise<{ id: string; game: Game }> {
  const key = serverKeyOf(request);
  if (!key)
    throw unauthenticated('Send the game server key as "Authorization: Bearer <key>" or "X-Server-Key".');
  const owner = await resolveServerKey(ctx, key);
  if (!owner) throw unauthenticated('This server key is not valid.');
  return owner;
}
