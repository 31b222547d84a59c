import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { recordSales, type SaleFact } from './rollups';
import { readWatermark, writeWatermark } from './watermarks';

/*
 * The orders module has no hook for paid orders yet, so this task reads its orders/order_items tables
 * (read-only, the columns id, game, user_id, status, paid_at, sku, quantity, unit_price) for orders paid
 * since the last run minus a margin. recordSales is idempotent per order id, so overlap is harmless.
 * When orders calls recordSales() from markOrderPaid, this task becomes a safety net.
 */
const WATERMARK = 'sales';
const SAFETY_MS = 10 * 60 * 1000;
const BATCH = 2000;

const storeTypeOf = (game: string) => `${game === 'talesrunner' ? 'Tales Runner' : 'Yggdra'} Webshop`;

export async function rollupPaidOrders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const mark = await readWatermark(ctx.db, WATERMARK);
  const since = mark ? new Date(mark.getTime() - SAFETY_MS) : new Date(0);
  const o = alias(orders, 'o');
  const i = alias(orderItems, 'i');
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
        lines: sql<
          SaleFact['lines'] | string
        >`coalesce((select json_agg(json_build_object('sku', ${i.sku}, 'quantity', ${i.quantity},
          'amount', (${i.quantity} * ${i.unitPrice})::float8)) from ${orderItems} ${i} where ${i.orderId} = ${o.id}), '[]')`,
      })
      .from(o)
      .where(
        and(
          eq(o.status, 'SUCCESSFUL'),
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
  await writeWatermark(ctx.db, WATERMARK, now);
  return recorded;
}
