import { formatPrice, PAGE_PATHS, REFUND_MESSAGES, type RefundRequest } from '@portal/contract';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { renderEmail } from '../../lib/mail/layout';
import type { Session } from '../../lib/sessions';
import { findUserById } from '../accounts';
import {
  claimOrderRefund,
  findOrderByTxnid,
  isRefundable,
  markOrderRefunded,
  orderItemsOf,
  releaseOrderRefund,
} from '../orders';
import { paymentProvider } from './provider';

const notRefundable = () => new AppError('NOT_REFUNDABLE', REFUND_MESSAGES.notRefundable);

/**
 * A staff member refunds a paid order (decision 0034): the order is claimed first (decision 0040), so a
 * second refund at the same time is refused before it reaches the provider; the provider gives the money
 * back (its refusal gives the claim back); then the order becomes REFUNDED with who and why, the player is
 * emailed and the refund is audited, in one transaction.
 */
export async function refundOrder(
  ctx: ServiceContext,
  txnid: string,
  { reason }: RefundRequest,
  staff: Session,
  ip: string,
): Promise<{ message: string }> {
  const order = await findOrderByTxnid(ctx, txnid);
  if (!order) throw notFound(REFUND_MESSAGES.notFound);
  if (!isRefundable(order)) throw notRefundable();
  if (!(await claimOrderRefund(ctx, order.id))) throw notRefundable();
  try {
    await paymentProvider(ctx).refund(order);
  } catch (error) {
    await releaseOrderRefund(ctx, order.id);
    throw error;
  }
  const player = await findUserById(ctx, order.userId);
  const items = (await orderItemsOf(ctx, order.id)).map((item) => `${item.name} × ${item.quantity}`);
  await ctx.transaction(async (tx) => {
    const refund = { status: 'REFUNDED', reason, refundedBy: staff.subjectId } as const;
    // A concurrent refund (or the provider's notification) got there first.
    if (!(await markOrderRefunded(tx, order.id, refund))) throw notRefundable();
    if (player && !player.erasedAt) {
      const body = renderEmail({
        greeting: `Hi ${player.name},`,
        paragraphs: [
          `We refunded your order ${order.txnid}: ${formatPrice(order.amount, order.currency)}.`,
          ...(items.length > 0 ? [`Refunded: ${items.join(', ')}.`] : []),
          'The money goes back to the way you paid; your bank may take a few days to show it.',
        ],
        action: { label: 'See my orders', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.orders}` },
        footnote: 'Questions about this refund? Reply to this email.',
      });
      await tx.mailer.enqueue({
        to: player.email,
        subject: `Your order ${order.txnid} was refunded`,
        kind: 'order-refund',
        ...body,
      });
    }
    await writeAudit(tx, {
      actor: staff,
      action: 'orders.refund',
      target: auditTarget.order(order.txnid),
      details: { userId: order.userId, amount: order.amount, currency: order.currency, reason },
      ip,
    });
  });
  return { message: REFUND_MESSAGES.refunded(order.txnid) };
}
