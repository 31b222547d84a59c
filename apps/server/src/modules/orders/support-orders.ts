import type { PlayerDetail } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { iso } from '../../lib/paging';
import { disputeOf, fraudOf } from './refunds';

/**
 * The player's newest `limit` orders as support's player detail shows them, each with its items in one line,
 * whether a refund is due, its fraud code and its dispute (index orders_user_created_idx).
 */
export async function latestOrdersOf(
  ctx: ServiceContext,
  userId: string,
  limit: number,
): Promise<PlayerDetail['orders']> {
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select o.txnid, o.created_at, o.game, o.status, o.amount::text as amount, o.currency,
        (o.late_paid_at is not null and o.status in ('FAILED', 'SUCCESSFUL')) as refund_due,
        o.fraud_code, o.dispute_status, o.dispute_type, o.dispute_reason, o.dispute_opened_at,
        o.dispute_updated_at,
        (select string_agg(i.name || ' × ' || i.quantity, ', ' order by i.name) from order_items i
          where i.order_id = o.id) as items
      from orders o where o.user_id = ${userId} order by o.created_at desc limit ${limit}`),
  );
  return rows.map((o) => ({
    txnid: String(o.txnid),
    created_at: iso(o.created_at) ?? '',
    game: String(o.game),
    status: String(o.status),
    amount: String(o.amount),
    currency: String(o.currency),
    refund_due: Boolean(o.refund_due),
    items: (o.items as string | null) ?? '',
    fraud: fraudOf(o.fraud_code === null ? null : Number(o.fraud_code)),
    dispute: disputeOf({
      disputeStatus: o.dispute_status as string | null,
      disputeType: o.dispute_type as string | null,
      disputeReason: o.dispute_reason as string | null,
      disputeOpenedAt: o.dispute_opened_at as string | null,
      disputeUpdatedAt: o.dispute_updated_at as string | null,
    }),
  }));
}

/** The statement selecting the player (`user_id`) of the order `txnid` names (support's search). */
export const playerOfTxnid = (txnid: string): SQL => sql`select user_id from orders where txnid = ${txnid}`;
