import {
  money2,
  ordersEndpoints,
  PLAYER_ORDERS_PAGE_SIZE,
  type PlayerOrder,
  type PlayerOrdersQuery,
} from '@portal/contract';
import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { route } from '../../lib/endpoints';
import { validationError } from '../../lib/errors';
import { deliveryOfOrders } from '../entitlements';
import { isRefundDue } from './refunds';

/**
 * The player's own orders, newest first, a page at a time (keyset on created_at, id; index
 * orders_user_created_idx). Only ever the given player's: `before` and `txnid` are looked up among them. Each
 * says where its items are (`delivery`, from its entitlements; null when it was never paid), why it failed
 * (`failure_reason`: declined by the card or provider, or canceled by the player) and how it was bought.
 */
async function listPlayerOrders(
  ctx: ServiceContext,
  userId: string,
  query: PlayerOrdersQuery,
): Promise<{ orders: PlayerOrder[]; next: string | null }> {
  const limit = query.txnid ? 1 : (query.limit ?? PLAYER_ORDERS_PAGE_SIZE);
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (query.txnid) conditions.push(eq(orders.txnid, query.txnid));
  if (query.before) {
    const [after] = await ctx.db
      .select({ createdAt: orders.createdAt, id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.txnid, query.before)))
      .limit(1);
    if (!after) throw validationError({ before: ['This page link is no longer valid.'] });
    conditions.push(
      or(
        lt(orders.createdAt, after.createdAt),
        and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)),
      )!,
    );
  }
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const delivery = await deliveryOfOrders(
    ctx,
    page.map((order) => order.id),
  );
  const items =
    page.length === 0
      ? []
      : await ctx.db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              page.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderItems.sku));
  return {
    orders: page.map((order) => ({
      txnid: order.txnid,
      created_at: new Date(order.createdAt).toISOString(),
      shop: order.game,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          sku: item.sku,
          name: item.name,
          quantity: item.quantity,
          unit_price: money2(item.unitPrice),
        })),
      amount: money2(order.amount),
      currency: order.currency,
      status: order.status,
      refund_due: isRefundDue(order),
      delivery: delivery.get(order.id) ?? null,
      failure_reason: order.status === 'FAILED' ? order.failureReason : null,
      origin: order.origin,
    })),
    next: rows.length > limit ? page[page.length - 1]!.txnid : null,
  };
}

/** GET /api/orders/mine: the signed-in player's order history (decision 0024). */
export function registerPlayerOrdersRoute(app: FastifyInstance) {
  route(app, ordersEndpoints.mine, async ({ query, session }) =>
    listPlayerOrders(app.ctx, session.subjectId, query),
  );
}
