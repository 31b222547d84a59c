import {
  type DeliveryStatus,
  entitlementsEndpoints as endpoints,
  type Game,
  type GameWebhookBody,
  ordersEndpoints,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** Everything on the Games page is fetched again after a change (settings, keys, counts, the log). */
const GAMES_KEY = ['entitlements'] as const;

/** Each game's webhook, server keys and delivery counts (owners). */
export function useGameSettings() {
  return useQuery({
    queryKey: [...GAMES_KEY, 'games'],
    queryFn: ({ signal }) => call(endpoints.games, {}, { signal }),
    retry: false,
  });
}

/** Sets the webhook URL and whether it is on; the reply holds the signing secret the first time only. */
export const useSaveWebhook = () =>
  useRefreshingMutation(
    ({ game, body }: { game: Game; body: GameWebhookBody }) =>
      call(endpoints.saveWebhook, { params: { game }, body }),
    GAMES_KEY,
  );

/** A new signing secret (the old one stops working): shown once. */
export const useRotateSecret = () =>
  useRefreshingMutation((game: Game) => call(endpoints.rotateWebhookSecret, { params: { game } }), GAMES_KEY);

/** Sends a signed `ping` to the game's webhook; it shows in the delivery log. */
export const useTestPing = () =>
  useRefreshingMutation((game: Game) => call(endpoints.testWebhook, { params: { game } }), GAMES_KEY);

/** A new server key for the game's servers: the key itself comes back once. */
export const useCreateKey = () =>
  useRefreshingMutation(
    ({ game, name }: { game: Game; name: string }) =>
      call(endpoints.createKey, { params: { game }, body: { name } }),
    GAMES_KEY,
  );

/** Revokes a server key at once. */
export const useRevokeKey = () =>
  useRefreshingMutation(
    ({ game, id }: { game: Game; id: string }) => call(endpoints.revokeKey, { params: { game, id } }),
    GAMES_KEY,
  );

export interface DeliveryFilter {
  game?: Game;
  status?: DeliveryStatus;
}

/** The delivery log, newest first, a page at a time ("Show more" asks for the next). */
export function useDeliveries(filter: DeliveryFilter) {
  return useInfiniteQuery({
    queryKey: [...GAMES_KEY, 'deliveries', filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(
        endpoints.deliveries,
        { query: { game: filter.game, status: filter.status, after: pageParam ?? undefined } },
        { signal },
      ),
    getNextPageParam: (last) => last.next,
    retry: false,
  });
}

/** Sends a delivery again now; the reply says how it went. */
export const useRetryDelivery = () =>
  useRefreshingMutation((id: string) => call(endpoints.retryDelivery, { params: { id } }), GAMES_KEY);

/** An order's entitlements and their deliveries (sales dashboard, player detail). */
export function useOrderFulfilment(txnid: string) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'fulfilment', txnid],
    queryFn: ({ signal }) => call(ordersEndpoints.fulfilment, { params: { txnid } }, { signal }),
    retry: false,
  });
}
