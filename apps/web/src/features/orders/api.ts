import type { OrderFilter, ordersReplySchema, PlayerOrdersReply } from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

type OrdersReply = z.infer<typeof ordersReplySchema>;

/** POST /api/getorders: the sales dashboard's orders for a filter (admins and sales viewers). */
const getOrders = (filter: OrderFilter, signal?: AbortSignal) =>
  api.post<OrdersReply>('/api/getorders', filter, { signal });

/** The sales dashboard's orders; failures show at once (no retries). */
export function useSalesOrders(filter: OrderFilter) {
  return useQuery({
    queryKey: ['orders', filter],
    queryFn: ({ signal }) => getOrders(filter, signal),
    retry: false,
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
