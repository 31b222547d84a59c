import { formatCents, RESERVATION_MINUTES, SHOP_MESSAGES, type ShopGame } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { findUserById } from '../accounts/users';
import { createOrder, markOrderFailed, newTxnid, setProviderOrderId } from '../orders/service';
import { paymentProvider, returnUrlFor } from '../payments/provider';
import { cartLines, cartTotalCents, clearCart, lockCart } from './cart';
import { reserveStock } from './catalog';

/**
 * Checkout: the server-side cart becomes a Pending order with a unique txnid; its stock is reserved in the
 * same transaction (conditional UPDATE per product: concurrent checkouts never oversell). The reservation
 * lasts RESERVATION_MINUTES; the 'order-expiry' task then fails the order and releases the stock. The cart
 * is emptied once the order exists. Then the payment provider opens a hosted page: `redirectUri`.
 */
export async function checkout(
  ctx: ServiceContext,
  userId: string,
  game: ShopGame,
): Promise<{ redirectUri: string; txnid: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in to continue.');
  const provider = paymentProvider(ctx);
  const now = ctx.clock.now();
  const reservedUntil = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
  const txnid = newTxnid(game, now);

  const { order, lines, amount, currency } = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // The cart is read under its lock, so a cart written meanwhile is neither half-bought nor lost.
    await lockCart(tx, userId, game);
    const lines = await cartLines(txCtx, userId, game);
    if (lines.length === 0) throw validationError({ items: [SHOP_MESSAGES.emptyCartCheckout] });
    const amount = formatCents(cartTotalCents(lines));
    const currency = lines[0]!.currency;
    await reserveStock(txCtx, lines);
    const created = await createOrder(txCtx, {
      txnid,
      userId,
      game,
      amount,
      currency,
      provider: provider.name,
      reservedUntil,
      items: lines.map((l) => ({
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
    });
    await clearCart(txCtx, userId, game);
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
