import {
  formatCents,
  MAX_OPEN_ORDERS,
  RESERVATION_MINUTES,
  SHOP_MESSAGES,
  type ShopGame,
} from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { findUserById } from '../accounts';
import {
  createOrder,
  expireOverdueOrdersOf,
  lockPlayerOrders,
  markOrderFailed,
  newTxnid,
  openOrdersOf,
  setProviderOrderId,
} from '../orders';
import { paymentProvider, returnUrlFor } from '../payments';
import { buyNowLine, cartLines, cartTotalCents, clearCart, lockCart, reserveStock } from '../shop';
import { assertNotSanctioned } from '../standing';

/**
 * Checkout: the server-side cart becomes a Pending order with a unique txnid; its stock is reserved in the
 * same transaction (conditional UPDATE per product: concurrent checkouts never oversell). The reservation
 * lasts RESERVATION_MINUTES; the 'order-expiry' task then fails the order and releases the stock. The cart
 * is emptied once the order exists. Then the payment provider opens a hosted page: `redirectUri`.
 *
 * Stock holding limits (decision 0011): no line above its product's `max_per_order`, and at most
 * MAX_OPEN_ORDERS unpaid orders per player across both shops. The count and the insert run under the
 * player's advisory lock, so two checkouts at once (one per shop, or two processes) cannot both pass.
 *
 * Buy Now (`buyNowSku`, decision 0044) buys one unit of that product alone: the cart is neither read nor
 * emptied. A cart order whose payment is declined or canceled puts its lines back in the cart (orders'
 * markOrderFailed), so the player can try again.
 */
export async function checkout(
  ctx: ServiceContext,
  userId: string,
  game: ShopGame,
  buyNowSku?: string,
): Promise<{ redirectUri: string; txnid: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  // An account ban, a ban from this game or a purchase restriction: 403 ACCOUNT_SANCTIONED (issue #37).
  await assertNotSanctioned(ctx, userId, { game, purchase: true });
  const provider = paymentProvider(ctx);
  const now = ctx.clock.now();
  const reservedUntil = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
  const txnid = newTxnid(game, now);
  // Orders whose reservation has run out are not open any more: expire them now rather than within a minute.
  await expireOverdueOrdersOf(ctx, userId);

  const { order, lines, amount, currency } = await ctx.transaction(async (tx) => {
    // Always the player's lock first, then the cart's (the only path that takes both): no deadlock.
    await lockPlayerOrders(tx.db, userId);
    // The cart is read under its lock, so a cart written meanwhile is neither half-bought nor lost.
    if (!buyNowSku) await lockCart(tx.db, userId, game);
    const lines = buyNowSku ? [await buyNowLine(tx, game, buyNowSku)] : await cartLines(tx, userId, game);
    if (lines.length === 0) throw validationError({ items: [SHOP_MESSAGES.emptyCartCheckout] });
    // A cart written before a limit was lowered (or before limits existed) is refused here too.
    const over: Record<string, string[]> = {};
    for (const [index, line] of lines.entries()) {
      if (line.quantity > line.maxPerOrder)
        over[`items.${index}.quantity`] = [SHOP_MESSAGES.perOrderLimit(line.name, line.maxPerOrder)];
    }
    if (Object.keys(over).length > 0) throw validationError(over);
    const open = await openOrdersOf(tx, userId);
    if (open.count >= MAX_OPEN_ORDERS) {
      const minutes = Math.max(1, Math.ceil(((open.nextExpiry ?? now).getTime() - now.getTime()) / 60_000));
      const message = SHOP_MESSAGES.tooManyOpenOrders(open.count, minutes);
      throw new AppError('TOO_MANY_OPEN_ORDERS', message, { orders: [message] });
    }
    const amount = formatCents(cartTotalCents(lines));
    const currency = lines[0]!.currency;
    await reserveStock(tx, lines);
    const created = await createOrder(tx, {
      txnid,
      userId,
      game,
      amount,
      currency,
      provider: provider.name,
      origin: buyNowSku ? 'buy_now' : 'cart',
      reservedUntil,
      items: lines.map((l) => ({
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
    });
    if (!buyNowSku) await clearCart(tx, userId, game);
    return { order: created, lines, amount, currency };
  });

  try {
    const session = await provider.createPayment({
      txnid,
      game,
      amount,
      currency,
      items: lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity, unitPrice: l.unitPrice })),
      user: { id: user.id, email: user.email, name: user.name },
      returnUrl: returnUrlFor(ctx, game, txnid),
      expiresAt: reservedUntil,
    });
    if (session.providerOrderId) await setProviderOrderId(ctx, order.id, session.providerOrderId);
    return { redirectUri: session.redirectUri, txnid };
  } catch (error) {
    // No payment page: the order cannot be paid, so it fails now and the stock goes back.
    await markOrderFailed(ctx, order.id, 'provider_error');
    throw error;
  }
}
