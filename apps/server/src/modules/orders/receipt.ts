import { formatCents, formatPrice, GAME_LABELS, money2, PAGE_PATHS, toCents } from '@portal/contract';
import type { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';
import { findUserById } from '../accounts';

/**
 * The receipt of a paid order (issue #27, decision 0044): its items, amount and txnid and a link to My
 * Orders, through the mail outbox in the caller's transaction, the one that just marked the order paid. That
 * transition happens once (a conditional update), so a provider repeating its notification never sends a
 * second receipt. A late payment (the order had already failed) says a refund is due. No mail to an erased
 * account.
 */
export async function enqueueReceipt(
  ctx: ServiceContext,
  order: typeof orders.$inferSelect,
  items: (typeof orderItems.$inferSelect)[],
  late: boolean,
): Promise<void> {
  const player = await findUserById(ctx, order.userId);
  if (!player || player.erasedAt) return;
  const price = (amount: string) => formatPrice(amount, order.currency);
  const lines = items.map(
    (item) =>
      `${item.name} × ${item.quantity}: ${price(formatCents(toCents(money2(item.unitPrice)) * item.quantity))}`,
  );
  const shop = `${GAME_LABELS[order.game]} Webshop`;
  const body = renderEmail({
    greeting: `Hi ${player.name},`,
    paragraphs: [
      `Thank you for your purchase in the ${shop}. This is your receipt.`,
      ...lines,
      `Total paid: ${price(money2(order.amount))}`,
      `Transaction ID: ${order.txnid}`,
      ...(late
        ? [
            'Your payment arrived after this order had ended, so a refund is due: our customer support will return it.',
          ]
        : []),
    ],
    action: { label: 'See my orders', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.orders}` },
    footnote: 'You receive this email because you bought in the webshop. Keep it as your proof of purchase.',
  });
  await ctx.mailer.enqueue(
    { to: player.email, subject: `Your receipt for order ${order.txnid}`, kind: 'order-receipt', ...body },
    ctx.db,
  );
}
