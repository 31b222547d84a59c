import { and, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { orderItems, orders, salesRecorded } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { type RefundFact, recordRefunds, recordSales, type SaleFact } from './rollups';
import { readWatermark, writeWatermark } from './watermarks';

/*
 * The orders module has no hook for paid or refunded orders yet, so this task reads its orders/order_items
 * tables (read-only: id, game, user_id, status, amount, paid_at, refunded_amount, refunded_at, sku, quantity,
 * unit_price) since the last run minus a margin. First the orders paid since then are counted at their whole
 * amount (recordSales, once per order id), those refunded or charged back since included; then every refund
 * since then is taken off the day the order was paid (recordRefunds, only the part not taken off yet). Both
 * are idempotent, so overlap is harmless. When orders calls recordSales() from markOrderPaid, this task
 * becomes a safety net.
 */
const WATERMARK = 'sales';
const SAFETY_MS = 10 * 60 * 1000;
const BATCH = 2000;

/** Orders whose payment was taken and kept (SUCCESSFUL) or later given back: a late payment never counts. */
const PAID_STATUSES = ['SUCCESSFUL', 'REFUNDED', 'CHARGEBACK'] as const;

const storeTypeOf = (game: string) => `${game === 'talesrunner' ? 'Tales Runner' : 'Yggdra'} Webshop`;

/** The order's lines as JSON: sku, quantity and amount (quantity × unit price). */
function linesOf(orderId: AnyPgColumn) {
  const i = alias(orderItems, 'i');
  return sql<
    SaleFact['lines'] | string
  >`coalesce((select json_agg(json_build_object('sku', ${i.sku}, 'quantity', ${i.quantity},
    'amount', (${i.quantity} * ${i.unitPrice})::float8) order by ${i.sku}) from ${orderItems} ${i} where ${i.orderId} = ${orderId}), '[]')`;
}

/** Brings the sales rollups up to date with the orders: new payments counted, refunds taken off. */
export async function rollupPaidOrders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const mark = await readWatermark(ctx.db, WATERMARK);
  const since = mark ? new Date(mark.getTime() - SAFETY_MS) : new Date(0);
  const o = alias(orders, 'o');
  let recorded = 0;
  let after = since.toISOString();
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await ctx.db
      .select({
        id: o.id,
        game: o.game,
        userId: o.userId,
        paidAt: o.paidAt,
        lines: linesOf(o.id),
      })
      .from(o)
      .where(
        and(
          inArray(o.status, PAID_STATUSES),
          isNotNull(o.paidAt),
          sql`(${o.paidAt}, ${o.id}) > (${after}::timestamptz, ${afterId}::uuid)`,
        ),
      )
      .orderBy(o.paidAt, o.id)
      .limit(BATCH);
    if (rows.length === 0) break;
    recorded += await recordSales(
      ctx,
      rows.map((r) => ({
        orderId: r.id,
        game: r.game,
        userId: r.userId,
        at: r.paidAt!,
        storeType: storeTypeOf(r.game),
        lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
      })),
    );
    const last = rows[rows.length - 1]!;
    after = last.paidAt!.toISOString();
    afterId = last.id;
    if (rows.length < BATCH) break;
  }
  await rollupRefunds(ctx, since);
  await writeWatermark(ctx.db, WATERMARK, now);
  return recorded;
}

/** Takes the refunds and chargebacks recorded since `since` off the sales rollups (idempotent per order). */
async function rollupRefunds(ctx: ServiceContext, since: Date): Promise<number> {
  const o = alias(orders, 'o');
  const s = alias(salesRecorded, 's');
  let applied = 0;
  let after = since.toISOString();
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await ctx.db
      .select({
        id: o.id,
        game: o.game,
        status: o.status,
        paidAt: o.paidAt,
        amount: o.amount,
        refunded: o.refundedAmount,
        refundedAt: o.refundedAt,
        lines: linesOf(o.id),
      })
      .from(o)
      .innerJoin(s, sql`${s.orderId} = ${o.id}::text`)
      .where(
        and(
          isNotNull(o.refundedAt),
          gte(o.refundedAt, since),
          isNotNull(o.paidAt),
          sql`(${o.refundedAt}, ${o.id}) > (${after}::timestamptz, ${afterId}::uuid)`,
          sql`(not ${s.voided}) and (${o.status} in ('REFUNDED', 'CHARGEBACK') or coalesce(${o.refundedAmount}, 0) > ${s.refunded})`,
        ),
      )
      .orderBy(o.refundedAt, o.id)
      .limit(BATCH);
    if (rows.length === 0) break;
    applied += await recordRefunds(
      ctx,
      rows.map(
        (r): RefundFact => ({
          orderId: r.id,
          game: r.game,
          at: r.paidAt!,
          storeType: storeTypeOf(r.game),
          lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
          amount: Number(r.amount),
          refunded: Number(r.refunded ?? 0),
          voided: r.status === 'REFUNDED' || r.status === 'CHARGEBACK',
        }),
      ),
    );
    const last = rows[rows.length - 1]!;
    after = last.refundedAt!.toISOString();
    afterId = last.id;
    if (rows.length < BATCH) break;
  }
  return applied;
}
