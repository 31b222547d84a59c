import { randomUUID } from 'node:crypto';
import type { ShopGame } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../src/lib/context';
import { insertCatalog } from '../src/modules/shop';

/** Test helper: a small catalog with unique skus, so tests sharing one database never collide. */
export async function makeCatalog(
  ctx: ServiceContext,
  game: ShopGame,
  products: { name?: string; price: string; available: number; groups?: string[]; maxPerOrder?: number }[],
  groups: { externalId: string; name: string }[] = [],
) {
  const tag = randomUUID().slice(0, 8);
  const rows = await insertCatalog(ctx, game, {
    groups: groups.map((g) => ({ externalId: `${g.externalId}-${tag}`, name: g.name })),
    products: products.map((p, i) => ({
      sku: `t-${tag}-${i}`,
      name: p.name ?? `Product ${i} ${tag}`,
      description: 'Test product',
      image: `gem-t-${tag}-${i}`,
      price: p.price,
      available: p.available,
      groups: (p.groups ?? []).map((g) => `${g}-${tag}`),
      ...(p.maxPerOrder === undefined ? {} : { maxPerOrder: p.maxPerOrder }),
    })),
  });
  return { tag, skus: rows.map((r) => r.sku), rows };
}

/** Test helper: puts `quantity` of `sku` in the player's cart for `game`, then checks out; returns the reply. */
export async function fillCartAndCheckout(
  app: FastifyInstance,
  auth: Record<string, string>,
  game: ShopGame,
  sku: string,
  quantity = 1,
) {
  const cart = await app.inject({
    method: 'PUT',
    url: `/api/xsolla/${game}/cart`,
    headers: auth,
    payload: { items: [{ sku, quantity }] },
  });
  if (cart.statusCode !== 200) throw new Error(`cart PUT answered ${cart.statusCode}: ${cart.body}`);
  return app.inject({ method: 'POST', url: `/api/xsolla/${game}/checkout`, headers: auth });
}
