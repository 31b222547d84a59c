import { type OrdersQuery, ordersEndpoints, paymentsEndpoints, type RefundRequest } from '@portal/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** One page of the sales dashboard's orders for a filter, with the filter's totals. */
const getOrders = (query: OrdersQuery, auth: SalesAudience, signal?: AbortSignal) =>
  call(ordersEndpoints.sales, { body: query }, { auth, signal });

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

/**
 * The signed-in player's orders, newest first, a page at a time ("Show more" asks for the next). An answer of
 * the last two seconds serves the page that mounts now (the one started with the route), so it asks once.
 */
const myOrdersQuery = infiniteQueryOptions({
  queryKey: ['orders', 'mine'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    call(ordersEndpoints.mine, { query: pageParam ? { before: pageParam } : {} }, { signal }),
  getNextPageParam: (last) => last.next,
  staleTime: 2_000,
});

export const useMyOrders = () => useInfiniteQuery(myOrdersQuery);

/** Starts My Orders' first page as its route is entered: beside the session check, not after it. */
export function startMyOrders(client: QueryClient): void {
  void client.prefetchInfiniteQuery(myOrdersQuery);
}

/** One of the player's orders, for the payment result pages; `version` refetches it when its state moves. */
export function useMyOrder(txnid: string, version: string) {
  return useQuery({
    queryKey: ['orders', 'mine', txnid, version],
    queryFn: ({ signal }) =>
      call(ordersEndpoints.mine, { query: { txnid } }, { signal }).then((reply) => reply.orders[0] ?? null),
  });
}

/** A staff refund (sales.refund); every orders list is fetched again after. */
export function useRefundOrder() {
  return useRefreshingMutation(
    ({ txnid, reason }: { txnid: string } & RefundRequest) =>
      call(paymentsEndpoints.refund, { params: { txnid }, body: { reason } }),
    ['orders'],
  );
}
