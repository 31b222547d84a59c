import {
  type Cart,
  formatCents,
  money2,
  SHOP_CURRENCY,
  SHOP_MESSAGES,
  type ShopGame,
  toCents,
} from '@portal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { shopCartItems, shopProducts } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { findProductsBySku } from './catalog';

export interface CartLine {
  productId: string;
  sku: string;
  name: string;
  description: string;
  imageUrl: string;
  quantity: number;
  unitPrice: string;
  currency: string;
  available: number;
  /** Most units of this product one order may hold. */
  maxPerOrder: number;
}

export async function cartLines(ctx: ServiceContext, userId: string, game: ShopGame): Promise<CartLine[]> {
  const rows = await ctx.db
    .select({
      productId: shopProducts.id,
      sku: shopProducts.sku,
      name: shopProducts.name,
      description: shopProducts.description,
      imageUrl: shopProducts.imageUrl,
      quantity: shopCartItems.quantity,
      unitPrice: shopProducts.price,
      currency: shopProducts.currency,
      available: shopProducts.available,
      maxPerOrder: shopProducts.maxPerOrder,
      active: shopProducts.active,
    })
    .from(shopCartItems)
    .innerJoin(shopProducts, eq(shopProducts.id, shopCartItems.productId))
    .where(and(eq(shopCartItems.userId, userId), eq(shopCartItems.game, game)))
    .orderBy(asc(shopCartItems.position), asc(shopProducts.name));
  return rows
    .filter((r) => r.active)
    .map(({ active: _active, ...r }) => ({ ...r, unitPrice: money2(r.unitPrice) }));
}

/**
 * Buy Now (decision 0044): one unit of one active product as the single line of an order, the cart left
 * alone. An unknown or inactive sku is a 404; stock is checked when it is reserved.
 */
export async function buyNowLine(ctx: ServiceContext, game: ShopGame, sku: string): Promise<CartLine> {
  const product = (await findProductsBySku(ctx, game, [sku])).get(sku);
  if (!product) throw notFound(`${SHOP_MESSAGES.unknownSku} (${sku})`);
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    description: product.description,
    imageUrl: product.imageUrl,
    quantity: 1,
    unitPrice: money2(product.price),
    currency: product.currency,
    available: product.available,
    maxPerOrder: product.maxPerOrder,
  };
}

export function cartTotalCents(lines: Pick<CartLine, 'quantity' | 'unitPrice'>[]): number {
  return lines.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
}

export async function getCart(ctx: ServiceContext, userId: string, game: ShopGame): Promise<Cart> {
  const lines = await cartLines(ctx, userId, game);
  return {
    items: lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      description: l.description,
      image_url: l.imageUrl,
      quantity: l.quantity,
      price: { amount: l.unitPrice, currency: l.currency },
      max_per_order: l.maxPerOrder,
    })),
    price: { amount: formatCents(cartTotalCents(lines)), currency: lines[0]?.currency ?? SHOP_CURRENCY },
  };
}

/**
 * Serialises writers of one player's cart for one game until the transaction ends, so two tabs (or two
 * processes) replacing the same cart at once queue instead of colliding on its primary key.
 */
export async function lockCart(db: ServiceContext['db'], userId: string, game: ShopGame): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}:${game}`}))`);
}

/**
 * Replaces the cart with `items`. Every line is checked first (known sku, 1–99, no more than the product's
 * per-order limit, no more than the stock that can be bought); on any failure nothing changes and the reply
 * is 422 with field-keyed messages.
 */
export async function replaceCart(
  ctx: ServiceContext,
  userId: string,
  game: ShopGame,
  items: { sku: string; quantity: number }[],
): Promise<Cart> {
  const products = await findProductsBySku(
    ctx,
    game,
    items.map((i) => i.sku),
  );
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const product = products.get(item.sku);
    if (seen.has(item.sku)) errors[`items.${index}.sku`] = [SHOP_MESSAGES.duplicateSku];
    else if (!product) errors[`items.${index}.sku`] = [`${SHOP_MESSAGES.unknownSku} (${item.sku})`];
    else if (product.available === 0)
      errors[`items.${index}.quantity`] = [`${product.name} is out of stock.`];
    else if (item.quantity > product.maxPerOrder)
      errors[`items.${index}.quantity`] = [SHOP_MESSAGES.perOrderLimit(product.name, product.maxPerOrder)];
    else if (item.quantity > product.available)
      errors[`items.${index}.quantity`] = [`Only ${product.available} of ${product.name} left in stock.`];
    seen.add(item.sku);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    await lockCart(tx.db, userId, game);
    await tx.db
      .delete(shopCartItems)
      .where(and(eq(shopCartItems.userId, userId), eq(shopCartItems.game, game)));
    if (items.length > 0) {
      await tx.db.insert(shopCartItems).values(
        items.map((item, position) => ({
          userId,
          game,
          productId: products.get(item.sku)!.id,
          quantity: item.quantity,
          position,
          updatedAt: now,
        })),
      );
    }
  });
  return getCart(ctx, userId, game);
}

export async function removeCartItem(
  ctx: ServiceContext,
  userId: string,
  game: ShopGame,
  sku: string,
): Promise<Cart> {
  const products = await findProductsBySku(ctx, game, [sku]);
  const product = products.get(sku);
  if (!product) throw notFound('This product is not in your cart.');
  const removed = await ctx.db
    .delete(shopCartItems)
    .where(
      and(
        eq(shopCartItems.userId, userId),
        eq(shopCartItems.game, game),
        eq(shopCartItems.productId, product.id),
      ),
    )
    .returning({ productId: shopCartItems.productId });
  if (removed.length === 0) throw notFound('This product is not in your cart.');
  return getCart(ctx, userId, game);
}

/**
 * Puts an unpaid order's lines back in the cart (a declined or canceled payment keeps the cart, decision
 * 0044), after whatever the player has put there since; a product already there keeps the larger quantity.
 * Call inside the transaction that fails the order.
 */
export async function restoreCartLines(
  ctx: ServiceContext,
  userId: string,
  game: ShopGame,
  lines: { productId: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await lockCart(ctx.db, userId, game);
  const [last] = await ctx.db
    .select({ position: sql<number>`coalesce(max(${shopCartItems.position}), -1)::int` })
    .from(shopCartItems)
    .where(and(eq(shopCartItems.userId, userId), eq(shopCartItems.game, game)));
  const first = Number(last?.position ?? -1) + 1;
  const now = ctx.clock.now();
  await ctx.db
    .insert(shopCartItems)
    .values(
      lines.map((line, index) => ({
        userId,
        game,
        productId: line.productId,
        quantity: line.quantity,
        position: first + index,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [shopCartItems.userId, shopCartItems.game, shopCartItems.productId],
      set: { quantity: sql`greatest(${shopCartItems.quantity}, excluded.quantity)`, updatedAt: now },
    });
}

export async function clearCart(ctx: ServiceContext, userId: string, game: ShopGame): Promise<void> {
  await ctx.db
    .delete(shopCartItems)
    .where(and(eq(shopCartItems.userId, userId), eq(shopCartItems.game, game)));
}
