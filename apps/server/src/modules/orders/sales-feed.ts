import { and, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { netOrderAmount } from './net-amount';

/*
 * Paid and refunded orders as the dashboards' sales rollup reads them (analytics' rollupPaidOrders, given this
 * feed by src/tasks.ts), so that only this module reads its tables and the rollup takes each order down to the
 * same net amount as the Sales Orders totals. Both read in keyset batches: (time, id) after the position given.
 */

/** Where a batch starts: after this time and order id. */
type FeedPosition = { at: string; id: string };

/** An order line: its SKU, quantity and amount (quantity × unit price). */
type FeedLine = { sku: string; quantity: number; amount: number };

/** Orders whose payment was taken and kept (SUCCESSFUL) or later given back: a late payment never counts. */
const PAID_STATUSES = ['SUCCESSFUL', 'REFUNDED', 'CHARGEBACK'] as const;

/** The order's lines as JSON, by SKU. */
function linesOf(orderId: AnyPgColumn) {
  const i = alias(orderItems, 'i');
  return sql<
    FeedLine[] | string
  >`coalesce((select json_agg(json_build_object('sku', ${i.sku}, 'quantity', ${i.quantity},
    'amount', (${i.quantity} * ${i.unitPrice})::float8) order by ${i.sku}) from ${orderItems} ${i} where ${i.orderId} = ${orderId}), '[]')`;
}

const parseLines = (lines: FeedLine[] | string): FeedLine[] =>
  typeof lines === 'string' ? JSON.parse(lines) : lines;

/** Orders paid after the position, oldest payment first, whatever became of them since. */
async function paidOrdersAfter(ctx: ServiceContext, after: FeedPosition, limit: number) {
  const o = alias(orders, 'o');
  const rows = await ctx.db
    .select({ id: o.id, game: o.game, userId: o.userId, paidAt: o.paidAt, lines: linesOf(o.id) })
    .from(o)
    .where(
      and(
        inArray(o.status, PAID_STATUSES),
        isNotNull(o.paidAt),
        sql`(${o.paidAt}, ${o.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(o.paidAt, o.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, paidAt: r.paidAt!, lines: parseLines(r.lines) }));
}

/**
 * Paid orders refunded (in part or whole) or charged back after the position, oldest refund first (index
 * orders_refunded_idx): each with its amount and its net amount now, and whether it is out altogether.
 */
async function refundedOrdersAfter(ctx: ServiceContext, after: FeedPosition, limit: number) {
  const o = alias(orders, 'o');
  const rows = await ctx.db
    .select({
      id: o.id,
      game: o.game,
      status: o.status,
      paidAt: o.paidAt,
      amount: o.amount,
      net: netOrderAmount(o),
      refundedAt: o.refundedAt,
      lines: linesOf(o.id),
    })
    .from(o)
    .where(
      and(
        isNotNull(o.refundedAt),
        gte(o.refundedAt, new Date(after.at)),
        inArray(o.status, PAID_STATUSES),
        isNotNull(o.paidAt),
        sql`(${o.refundedAt}, ${o.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(o.refundedAt, o.id)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    game: r.game,
    paidAt: r.paidAt!,
    refundedAt: r.refundedAt!,
    amount: Number(r.amount),
    net: Number(r.net),
    voided: r.status !== 'SUCCESSFUL',
    lines: parseLines(r.lines),
  }));
}

/** The feed as analytics' rollupPaidOrders takes it. */
export const orderSalesFeed = { paidOrdersAfter, refundedOrdersAfter };
