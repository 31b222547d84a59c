import type { ServiceContext } from '../../lib/context';
import { type RefundFact, recordRefunds, recordSales, type SaleFact } from './rollups';
import { readWatermark, writeWatermark } from './watermarks';

/*
 * The orders module has no hook for paid or refunded orders yet, so this task asks it for the orders paid and
 * refunded since the last run minus a margin. First the orders paid since then are counted at their whole
 * amount (recordSales, once per order id), those refunded or charged back since included; then every refund
 * since then is taken off the day the order was paid (recordRefunds, only the part not taken off yet), down to
 * the order's net amount as the orders module defines it (the one the Sales Orders totals sum). Both are
 * idempotent, so overlap is harmless. When orders calls recordSales() from markOrderPaid, this task becomes a
 * safety net.
 */
const WATERMARK = 'sales';
const SAFETY_MS = 10 * 60 * 1000;
const BATCH = 2000;

type Position = { at: string; id: string };
type Line = SaleFact['lines'][number];

/**
 * The orders module's feed (`orders/sales-feed.ts`), handed in by the caller (src/tasks.ts): analytics does
 * not import orders, whose entitlements reach the events module, which feeds these rollups.
 */
export interface OrderSalesSource {
  paidOrdersAfter(
    ctx: ServiceContext,
    after: Position,
    limit: number,
  ): Promise<{ id: string; game: string; userId: string; paidAt: Date; lines: Line[] }[]>;
  refundedOrdersAfter(
    ctx: ServiceContext,
    after: Position,
    limit: number,
  ): Promise<
    {
      id: string;
      game: string;
      paidAt: Date;
      refundedAt: Date;
      /** The order's amount and what it brings in now, net of refunds and chargebacks. */
      amount: number;
      net: number;
      /** Refunded in full or charged back. */
      voided: boolean;
      lines: Line[];
    }[]
  >;
}

const storeTypeOf = (game: string) => `${game === 'talesrunner' ? 'Tales Runner' : 'Yggdra'} Webshop`;
const START_ID = '00000000-0000-0000-0000-000000000000';

/** Brings the sales rollups up to date with the orders: new payments counted, refunds taken off. */
export async function rollupPaidOrders(ctx: ServiceContext, source: OrderSalesSource): Promise<number> {
  const now = ctx.clock.now();
  const mark = await readWatermark(ctx.db, WATERMARK);
  const since = mark ? new Date(mark.getTime() - SAFETY_MS) : new Date(0);
  let recorded = 0;
  let after: Position = { at: since.toISOString(), id: START_ID };
  for (;;) {
    const rows = await source.paidOrdersAfter(ctx, after, BATCH);
    if (rows.length === 0) break;
    recorded += await recordSales(
      ctx,
      rows.map(
        (r): SaleFact => ({
          orderId: r.id,
          game: r.game,
          userId: r.userId,
          at: r.paidAt,
          storeType: storeTypeOf(r.game),
          lines: r.lines,
        }),
      ),
    );
    const last = rows[rows.length - 1]!;
    after = { at: last.paidAt.toISOString(), id: last.id };
    if (rows.length < BATCH) break;
  }
  await rollupRefunds(ctx, source, since);
  await writeWatermark(ctx.db, WATERMARK, now);
  return recorded;
}

/**
 * Takes the refunds and chargebacks recorded since `since` off the sales rollups. recordRefunds skips an order
 * it never counted, one already out, and a refund already taken off, so every refund of the window may be
 * handed to it.
 */
async function rollupRefunds(ctx: ServiceContext, source: OrderSalesSource, since: Date): Promise<number> {
  let applied = 0;
  let after: Position = { at: since.toISOString(), id: START_ID };
  for (;;) {
    const rows = await source.refundedOrdersAfter(ctx, after, BATCH);
    if (rows.length === 0) break;
    applied += await recordRefunds(
      ctx,
      rows.map(
        (r): RefundFact => ({
          orderId: r.id,
          game: r.game,
          at: r.paidAt,
          storeType: storeTypeOf(r.game),
          lines: r.lines,
          amount: r.amount,
          refunded: r.amount - r.net,
          voided: r.voided,
        }),
      ),
    );
    const last = rows[rows.length - 1]!;
    after = { at: last.refundedAt.toISOString(), id: last.id };
    if (rows.length < BATCH) break;
  }
  return applied;
}
