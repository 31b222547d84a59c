import { type OrderFulfilment, REFUND_MESSAGES } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { fulfilmentOfOrder } from '../entitlements';
import { findOrderByTxnid } from './service';

/** What an order owes its game and how it reached it (staff: sales dashboard, player detail). 404 if unknown. */
export async function orderFulfilment(ctx: ServiceContext, txnid: string): Promise<OrderFulfilment> {
  const order = await findOrderByTxnid(ctx, txnid);
  if (!order) throw notFound(REFUND_MESSAGES.notFound);
  return fulfilmentOfOrder(ctx, order.id);
}
