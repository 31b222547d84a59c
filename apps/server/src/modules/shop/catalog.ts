import { money2, type Product, type ProductGroup, type ShopGame } from '@portal/contract';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { shopGroups, shopProductGroups, shopProducts } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';

export type ProductRow = typeof shopProducts.$inferSelect;

/**
 * The name the shop gives product `sku` of `game` today, null when it has no such product: an expression
 * for a statement of another module over many SKUs (analytics' item sales), so it stays one query.
 */
export const productNameOf = (game: string, sku: SQLWrapper) =>
  sql<string | null>`(select name from shop_products where game = ${game} and sku = ${sku})`;

/** Every active product of a shop with its groups, in display order. */
export async function listProducts(ctx: ServiceContext, game: ShopGame): Promise<Product[]> {
  const rows = await ctx.db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.game, game), eq(shopProducts.active, true)))
    .orderBy(asc(shopProducts.position), asc(shopProducts.name));
  if (rows.length === 0) return [];
  const links = await ctx.db
    .select({
      productId: shopProductGroups.productId,
      externalId: shopGroups.externalId,
      name: shopGroups.name,
    })
    .from(shopProductGroups)
    .innerJoin(shopGroups, eq(shopGroups.id, shopProductGroups.groupId))
    .where(
      inArray(
        shopProductGroups.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(shopGroups.position));
  const groupsOf = new Map<string, ProductGroup[]>();
  for (const link of links) {
    const list = groupsOf.get(link.productId) ?? [];
    list.push({ external_id: link.externalId, name: link.name });
    groupsOf.set(link.productId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    price: { amount: money2(row.price), currency: row.currency },
    available: row.available,
    groups: groupsOf.get(row.id) ?? [],
    max_per_order: row.maxPerOrder,
  }));
}

export async function listGroups(ctx: ServiceContext, game: ShopGame): Promise<ProductGroup[]> {
  const rows = await ctx.db
    .select({ external_id: shopGroups.externalId, name: shopGroups.name })
    .from(shopGroups)
    .where(eq(shopGroups.game, game))
    .orderBy(asc(shopGroups.position), asc(shopGroups.name));
  return rows;
}

/** Active products of a shop by sku. */
export async function findProductsBySku(ctx: ServiceContext, game: ShopGame, skus: string[]) {
  if (skus.length === 0) return new Map<string, ProductRow>();
  const rows = await ctx.db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.game, game), eq(shopProducts.active, true), inArray(shopProducts.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}

export interface StockLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
}

/**
 * Takes `quantity` units of each product out of `available`, all or nothing. Each line is one conditional
 * UPDATE (`available >= quantity`), so concurrent checkouts serialise on the row lock and never oversell;
 * lines go in product-id order so two multi-line checkouts cannot deadlock. Call inside a transaction.
 */
export async function reserveStock(ctx: ServiceContext, lines: StockLine[]): Promise<void> {
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const [index, line] of sorted.entries()) {
    const updated = await ctx.db
      .update(shopProducts)
      .set({ available: sql`${shopProducts.available} - ${line.quantity}` })
      .where(and(eq(shopProducts.id, line.productId), sql`${shopProducts.available} >= ${line.quantity}`))
      .returning({ id: shopProducts.id });
    if (updated.length === 0) {
      const [row] = await ctx.db
        .select({ available: shopProducts.available })
        .from(shopProducts)
        .where(eq(shopProducts.id, line.productId));
      const left = row?.available ?? 0;
      throw new AppError(
        'OUT_OF_STOCK',
        left === 0 ? `${line.name} is out of stock.` : `Only ${left} of ${line.name} left in stock.`,
        {
          [`items.${index}.quantity`]: [left === 0 ? `${line.name} is out of stock.` : `Only ${left} left.`],
        },
      );
    }
  }
}

/** Puts reserved units back (payment failed or the reservation expired). Call inside a transaction. */
export async function releaseStock(ctx: ServiceContext, lines: { productId: string; quantity: number }[]) {
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of sorted) {
    await ctx.db
      .update(shopProducts)
      .set({ available: sql`${shopProducts.available} + ${line.quantity}` })
      .where(eq(shopProducts.id, line.productId));
  }
}

/** A product as a catalog is written: its groups by external id. */
export interface CatalogProduct {
  sku: string;
  name: string;
  description: string;
  image: string;
  price: string;
  available: number;
  groups: string[];
  /** Most units per order; unset means the column's default (10). */
  maxPerOrder?: number;
}

/** Writes a shop's catalog (groups, products, memberships). Used by the demo seed and by tests. */
export async function insertCatalog(
  ctx: ServiceContext,
  game: ShopGame,
  catalog: { groups: { externalId: string; name: string }[]; products: CatalogProduct[] },
) {
  return ctx.transaction(async (tx) => {
    const groups =
      catalog.groups.length === 0
        ? []
        : await tx.db
            .insert(shopGroups)
            .values(
              catalog.groups.map((g, position) => ({
                game,
                externalId: g.externalId,
                name: g.name,
                position,
              })),
            )
            .returning();
    const groupId = new Map(groups.map((g) => [g.externalId, g.id]));
    const products = await tx.db
      .insert(shopProducts)
      .values(
        catalog.products.map((p, position) => ({
          game,
          sku: p.sku,
          name: p.name,
          description: p.description,
          imageUrl: `/shop-images/${p.image}.svg`,
          price: p.price,
          available: p.available,
          ...(p.maxPerOrder === undefined ? {} : { maxPerOrder: p.maxPerOrder }),
          position,
        })),
      )
      .returning();
    const links = products.flatMap((product) => {
      const source = catalog.products.find((p) => p.sku === product.sku)!;
      return source.groups.map((g) => ({ productId: product.id, groupId: groupId.get(g)! }));
    });
    if (links.length > 0) await tx.db.insert(shopProductGroups).values(links);
    return products;
  });
}
