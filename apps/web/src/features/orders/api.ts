import type { OrdersQuery, OrdersReply, PlayerOrdersReply, RefundRequest } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** POST /api/getorders: one page of the sales dashboard's orders for a filter, with the filter's totals. */
const getOrders = (query: OrdersQuery, auth: SalesAudience, signal?: AbortSignal) =>
  api.post<OrdersReply>('/api/getorders', query, { auth, signal });

/** Who opens the sales dashboard: a player whose role is 'admin' (spec), or back-office staff. */
export type SalesAudience = 'player' | 'admin';

/**
 * The sales dashboard's page of orders; failures show at once (no retries). While the next page loads, the
 * current one stays on screen.
 */
export function useSalesOrders(query: OrdersQuery, audience: SalesAudience) {
  return useQuery({
    queryKey: ['orders', 'sales', audience, query],
    queryFn: ({ signal }) => getOrders(query, audience, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

const MY_ORDERS_PATH = '/api/orders/mine';

/** The signed-in player's orders, newest first, a page at a time ("Show more" asks for the next). */
export function useMyOrders() {
  return useInfiniteQuery({
    queryKey: ['orders', 'mine'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<PlayerOrdersReply>(
        pageParam ? `${MY_ORDERS_PATH}?before=${encodeURIComponent(pageParam)}` : MY_ORDERS_PATH,
        { signal },
      ),
    getNextPageParam: (last) => last.next,
  });
}

/** One of the player's orders, for the payment result pages; `version` refetches it when its state moves. */
export function useMyOrder(txnid: string, version: string) {
  return useQuery({
    queryKey: ['orders', 'mine', txnid, version],
    queryFn: ({ signal }) =>
      api
        .get<PlayerOrdersReply>(`${MY_ORDERS_PATH}?txnid=${encodeURIComponent(txnid)}`, { signal })
        .then((reply) => reply.orders[0] ?? null),
  });
}

/** POST /api/admin/orders/{txnid}/refund (staff with sales.refund); every orders list is fetched again after. */
export function useRefundOrder() {
  return useRefreshingMutation(
    ({ txnid, reason }: { txnid: string } & RefundRequest) =>
      api.post<{ message: string }>(
        `/api/admin/orders/${encodeURIComponent(txnid)}/refund`,
        { reason },
        { auth: 'admin' },
      ),
    ['orders'],
  );
}
