import { sql } from 'drizzle-orm';
import { exportRows, type PersonalData } from '../../lib/personal-data';

/** Orders with their items are in the export; accounting keeps them, nameless once the account is erased. */
export const ordersPersonalData: PersonalData = {
  tables: {
    orders: 'kept for accounting; the erased users row leaves them without a name or email',
    order_items: 'kept with their orders',
  },
  async export(ctx, userId) {
    const [orders, items] = await Promise.all([
      exportRows(
        ctx,
        sql`select id, txnid, game, status, amount, currency, provider, failure_reason, created_at, paid_at
            from orders where user_id = ${userId} order by created_at`,
      ),
      exportRows(
        ctx,
        sql`select i.order_id, i.sku, i.name, i.quantity, i.unit_price
            from order_items i join orders o on o.id = i.order_id where o.user_id = ${userId}`,
      ),
    ]);
    return {
      orders: orders.map(({ id, ...order }) => ({
        ...order,
        items: items.filter((item) => item.order_id === id).map(({ order_id: _order, ...item }) => item),
      })),
    };
  },
};
