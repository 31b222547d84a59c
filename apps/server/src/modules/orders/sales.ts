import {
  DEFAULT_PAGE_SIZE,
  GAME_LABELS,
  MESSAGES,
  money2,
  ORDERS_PAGE_LIMIT,
  type OrderFilter,
  type OrderRow,
  type OrderStatus,
  type OrdersPageStep,
  type OrdersQuery,
  type OrdersReply,
  type OrderTotals,
  REFUND_DUE_FILTER,
  REPORTING_TIME_ZONE,
  type ShopGame,
} from '@portal/contract';
import { eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { validationError } from '../../lib/errors';
import {
  andAll,
  decodePosition,
  encodePosition,
  keyset,
  type Position,
  positionAtOffset,
  positionKey,
} from '../../lib/paging';
import { playerNameOf, playerWithEmail } from '../accounts';
import { netOrderAmount } from './net-amount';
import { disputeOf, fraudOf, isRefundDue } from './refunds';

/**
 * The sales dashboard's read side: orders matching a filter, newest first (created_at, then id, so equal
 * timestamps keep one order), as the spec's list, as pages (decision 0027), as totals, and in batches for
 * the export.
 */
function filterConditions(filter: OrderFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.datestart && filter.dateend && filter.datestart > filter.dateend) {
    throw validationError({ dateend: [MESSAGES.dateOrder] });
  }
  if (filter.datestart) {
    conditions.push(
      sql`${orders.createdAt} >= (${filter.datestart}::date::timestamp at time zone ${sql.raw(`'${REPORTING_TIME_ZONE}'`)})`,
    );
  }
  if (filter.dateend) {
    conditions.push(
      sql`${orders.createdAt} < ((${filter.dateend}::date + 1)::timestamp at time zone ${sql.raw(`'${REPORTING_TIME_ZONE}'`)})`,
    );
  }
  // Refunded ones have left the queue (their late payment is kept for the record).
  if (filter.status === REFUND_DUE_FILTER)
    conditions.push(isNotNull(orders.latePaidAt), inArray(orders.status, ['FAILED', 'SUCCESSFUL']));
  else if (filter.status && filter.status !== 'All') conditions.push(eq(orders.status, filter.status));
  // A txnid (orders_txnid_key) or the player's email (users_email_lower_key, then orders_user_created_idx).
  if (filter.search) {
    conditions.push(
      sql`(${orders.txnid} = ${filter.search} or ${orders.userId} in (${playerWithEmail(filter.search)}))`,
    );
  }
  return andAll(conditions);
}

const createdAt = sql`${orders.createdAt}`;
const orderId = sql`${orders.id}`;

const productIdsSql = sql<string>`coalesce((select string_agg(case when ${orderItems.quantity} > 1 then ${orderItems.sku} || ' x' || ${orderItems.quantity} else ${orderItems.sku} end, ', ' order by ${orderItems.sku}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '')`;

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  txnid: orders.txnid,
  userId: orders.userId,
  game: orders.game,
  amount: orders.amount,
  currency: orders.currency,
  status: orders.status,
  latePaidAt: orders.latePaidAt,
  refundedAmount: orders.refundedAmount,
  fraudCode: orders.fraudCode,
  disputeStatus: orders.disputeStatus,
  disputeType: orders.disputeType,
  disputeReason: orders.disputeReason,
  disputeOpenedAt: orders.disputeOpenedAt,
  disputeUpdatedAt: orders.disputeUpdatedAt,
  productIds: productIdsSql,
  customerName: playerNameOf(orders.userId),
  /** The keyset position with microseconds, so paging compares exactly what is stored. */
  positionAt: sql<string>`${positionKey(createdAt)}`,
};

type RawRow = {
  id: string;
  createdAt: Date;
  txnid: string;
  userId: string;
  game: ShopGame;
  amount: string;
  currency: string;
  status: OrderStatus;
  latePaidAt: Date | null;
  refundedAmount: string | null;
  fraudCode: number | null;
  disputeStatus: string | null;
  disputeType: string | null;
  disputeReason: string | null;
  disputeOpenedAt: Date | null;
  disputeUpdatedAt: Date | null;
  productIds: string;
  customerName: string;
  positionAt: string;
};

function toRow(r: RawRow): OrderRow {
  return {
    id: r.id,
    transactionDate: new Date(r.createdAt).toISOString(),
    txnid: r.txnid,
    customer_id: r.userId,
    product_id: r.productIds,
    merchant: GAME_LABELS[r.game],
    price: money2(r.amount),
    currency: r.currency,
    txnstatus: r.status,
    refund_due: isRefundDue(r),
    refunded_amount: r.refundedAmount === null ? null : money2(r.refundedAmount),
    fraud: fraudOf(r.fraudCode),
    dispute: disputeOf(r),
  };
}

/** Staff see the player's name too (it links to the player detail); the spec's reply has the id only. */
const rowFor =
  (staff: boolean) =>
  (r: RawRow): OrderRow =>
    staff ? { ...toRow(r), customer_name: r.customerName } : toRow(r);

const positionOf = (r: RawRow): Position => ({ at: r.positionAt, id: r.id });

async function selectRows(ctx: ServiceContext, where: SQL, order: SQL, limit: number): Promise<RawRow[]> {
  return (await ctx.db.select(rowColumns).from(orders).where(where).orderBy(order).limit(limit)) as RawRow[];
}

/** The newest orders matching the filter (at most `limit`), newest first: the spec's reply. */
export async function listOrders(
  ctx: ServiceContext,
  filter: OrderFilter,
  limit = ORDERS_PAGE_LIMIT,
  staff = false,
): Promise<{ orders: OrderRow[]; truncated: boolean }> {
  const newestFirst = keyset(createdAt, orderId, null, null);
  const rows = await selectRows(ctx, filterConditions(filter), newestFirst.order, limit + 1);
  return { orders: rows.slice(0, limit).map(rowFor(staff)), truncated: rows.length > limit };
}

/**
 * Orders and revenue over everything the filter matches, in one aggregate (index orders_created_idx or
 * orders_status_created_idx). Revenue is net of refunds and chargebacks, per currency: what the SUCCESSFUL
 * orders brought in less their partial refunds (netOrderAmount, as the dashboards count it).
 */
async function orderTotals(ctx: ServiceContext, where: SQL): Promise<OrderTotals> {
  const paid = sql`${orders.status} = 'SUCCESSFUL'`;
  const rows = await ctx.db
    .select({
      currency: orders.currency,
      orders: sql<number>`count(*)::int`,
      paidOrders: sql<number>`(count(*) filter (where ${paid}))::int`,
      revenue: sql<string>`coalesce(sum(${netOrderAmount()}), 0)::text`,
    })
    .from(orders)
    .where(where)
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return {
    orders: rows.reduce((sum, r) => sum + Number(r.orders), 0),
    revenue: rows.map((r) => ({
      currency: r.currency,
      amount: money2(r.revenue),
      orders: Number(r.paidOrders),
    })),
  };
}

const PAGING_FIELDS = ['per_page', 'page', 'after', 'before'] as const;

/**
 * POST /api/getorders. Without paging fields, the spec's reply (the newest ORDERS_PAGE_LIMIT orders) plus
 * totals; with any of them, one page. Next and Previous carry keyset positions (`after` / `before`), so every
 * page costs the same; a bare `page` is found by offset over index keys only (lib/paging). `staff`: the
 * viewer is a staff member (not a player with the sales role), who also sees each player's name.
 */
export async function salesOrders(
  ctx: ServiceContext,
  query: OrdersQuery,
  staff = false,
): Promise<OrdersReply> {
  const where = filterConditions(query);
  if (!PAGING_FIELDS.some((field) => query[field] !== undefined)) {
    const [listed, totals] = await Promise.all([
      listOrders(ctx, query, ORDERS_PAGE_LIMIT, staff),
      orderTotals(ctx, where),
    ]);
    return { ...listed, totals };
  }
  const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const before = decodePosition(query.before);
  const after =
    decodePosition(query.after) ??
    (before
      ? null
      : await positionAtOffset(
          (q) => ctx.db.execute(q),
          { from: sql`${orders}`, where, at: createdAt, id: orderId },
          (page - 1) * perPage,
        ));
  const step = keyset(createdAt, orderId, after, before);
  const [totals, fetched] = await Promise.all([
    orderTotals(ctx, where),
    selectRows(ctx, andAll([where, step.where]), step.order, perPage + 1),
  ]);
  const rows = fetched.slice(0, perPage);
  if (step.reverse) rows.reverse();
  // Reached backwards, the page we came from follows; forwards, the extra row says whether one does.
  const hasNext = step.reverse ? rows.length > 0 : fetched.length > perPage;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const next: OrdersPageStep | null =
    hasNext && last ? { page: page + 1, after: encodePosition(positionOf(last)) } : null;
  // Page 1 is always asked afresh, so orders placed meanwhile show at the top.
  const prev: OrdersPageStep | null =
    page === 1
      ? null
      : page === 2 || !first
        ? { page: page - 1 }
        : { page: page - 1, before: encodePosition(positionOf(first)) };
  return {
    orders: rows.map(rowFor(staff)),
    truncated: totals.orders > rows.length,
    totals,
    paging: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(totals.orders / perPage), hasNext ? page + 1 : page),
      per_page: perPage,
      total: totals.orders,
      next,
      prev,
    },
  };
}

/** Every order matching the filter, newest first, in keyset-paged batches (bounded memory for exports). */
export async function* iterateOrders(ctx: ServiceContext, filter: OrderFilter, batch = 1000) {
  const where = filterConditions(filter);
  let after: Position | null = null;
  for (;;) {
    const step = keyset(createdAt, orderId, after, null);
    const rows = await selectRows(ctx, andAll([where, step.where]), step.order, batch);
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < batch) return;
    after = positionOf(rows[rows.length - 1]!);
  }
}
