import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { recordSales, type SaleFact } from './rollups';

/*
 * The orders module has no hook for paid orders yet, so this task reads its orders/order_items tables
 * (read-only, the columns id, game, user_id, status, paid_at, sku, quantity, unit_price) for orders paid
 * since the last run minus a margin. recordSales is idempotent per order id, so overlap is harmless.
 * When orders calls recordSales() from markOrderPaid, this task becomes a safety net.
 */
const WATERMARK = 'sales';
const SAFETY_MS = 10 * 60 * 1000;
const BATCH = 2000;

export const storeTypeOf = (game: string) => `${game === 'talesrunner' ? 'Tales Runner' : 'Yggdra'} Webshop`;

export async function rollupPaidOrders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const [mark] = rowsOf<{ value: string | Date }>(
    await ctx.db.execute(sql`select value from rollup_watermarks where name = ${WATERMARK}`),
  );
  const since = mark ? new Date(new Date(mark.value).getTime() - SAFETY_MS) : new Date(0);
  let recorded = 0;
  let after = since.toISOString();
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<{
      id: string;
      game: string;
      user_id: string;
      paid_at: string | Date;
      lines: SaleFact['lines'];
    }>(
      await ctx.db.execute(sql`
        select o.id, o.game, o.user_id, o.paid_at,
          coalesce((select json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity,
            'amount', (i.quantity * i.unit_price)::float8)) from order_items i where i.order_id = o.id), '[]') as lines
        from orders o
        where o.status = 'SUCCESSFUL' and o.paid_at is not null and (o.paid_at, o.id) > (${after}::timestamptz, ${afterId}::uuid)
        order by o.paid_at, o.id limit ${BATCH}`),
    );
    if (rows.length === 0) break;
    recorded += await recordSales(
      ctx.db,
      rows.map((r) => ({
        orderId: r.id,
        game: r.game,
        userId: r.user_id,
        at: new Date(r.paid_at),
        storeType: storeTypeOf(r.game),
        lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
      })),
    );
    const last = rows[rows.length - 1]!;
    after = new Date(last.paid_at).toISOString();
    afterId = last.id;
    if (rows.length < BATCH) break;
  }
  await ctx.db.execute(sql`insert into rollup_watermarks (name, value) values (${WATERMARK}, ${now.toISOString()})
    on conflict (name) do update set value = excluded.value`);
  return recorded;
}
