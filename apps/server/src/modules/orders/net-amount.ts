import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../../db/schema/index';

/** The orders table or an alias of it (the analytics rollup reads it as `o`). */
type OrderMoneyColumns = { status: AnyPgColumn; amount: AnyPgColumn; refundedAmount: AnyPgColumn };

/**
 * What an order brings in, net of what went back (docs/analytics.md, "Net revenue"): a SUCCESSFUL order its
 * amount less its partial refunds; a REFUNDED or CHARGEBACK order nothing, nor an order never paid. The one
 * definition behind the Sales Orders totals and the dashboards' sales rollups, so the two always agree.
 */
export function netOrderAmount(o: OrderMoneyColumns = orders): SQL<string> {
  return sql<string>`(case when ${o.status} = 'SUCCESSFUL' then ${o.amount} - coalesce(${o.refundedAmount}, 0) else 0 end)`;
}
