import type {
  DeliveryStatus,
  deliveryListReplySchema,
  deliveryReplySchema,
  Game,
  GameWebhookBody,
  gameKeyCreatedSchema,
  gameSettingsListSchema,
  gameWebhookReplySchema,
  gameWebhookSecretReplySchema,
  OrderFulfilment,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

type KeyCreated = z.infer<typeof gameKeyCreatedSchema>;
type GameSettingsList = z.infer<typeof gameSettingsListSchema>;
type WebhookReply = z.infer<typeof gameWebhookReplySchema>;
type SecretReply = z.infer<typeof gameWebhookSecretReplySchema>;
type DeliveryList = z.infer<typeof deliveryListReplySchema>;
type DeliveryReply = z.infer<typeof deliveryReplySchema>;

/** Everything on the Games page is fetched again after a change (settings, keys, counts, the log). */
const GAMES_KEY = ['entitlements'] as const;
const gamePath = (game: Game) => `/api/admin/games/${encodeURIComponent(game)}`;

/** Each game's webhook, server keys and delivery counts (owners). */
export function useGameSettings() {
  return useQuery({
    queryKey: [...GAMES_KEY, 'games'],
    queryFn: ({ signal }) => api.get<GameSettingsList>('/api/admin/games', { auth: 'admin', signal }),
    retry: false,
  });
}

/** Sets the webhook URL and whether it is on; the reply holds the signing secret the first time only. */
export const useSaveWebhook = () =>
  useRefreshingMutation(
    ({ game, body }: { game: Game; body: GameWebhookBody }) =>
      api.put<WebhookReply>(`${gamePath(game)}/webhook`, body, { auth: 'admin' }),
    GAMES_KEY,
  );

/** A new signing secret (the old one stops working): shown once. */
export const useRotateSecret = () =>
  useRefreshingMutation(
    (game: Game) =>
      api.post<SecretReply>(`${gamePath(game)}/webhook/rotate-secret`, undefined, { auth: 'admin' }),
    GAMES_KEY,
  );

/** Sends a signed `ping` to the game's webhook; it shows in the delivery log. */
export const useTestPing = () =>
  useRefreshingMutation(
    (game: Game) => api.post<DeliveryReply>(`${gamePath(game)}/webhook/test`, undefined, { auth: 'admin' }),
    GAMES_KEY,
  );

/** A new server key for the game's servers: the key itself comes back once. */
export const useCreateKey = () =>
  useRefreshingMutation(
    ({ game, name }: { game: Game; name: string }) =>
      api.post<KeyCreated>(`${gamePath(game)}/keys`, { name }, { auth: 'admin' }),
    GAMES_KEY,
  );

/** Revokes a server key at once. */
export const useRevokeKey = () =>
  useRefreshingMutation(
    ({ game, id }: { game: Game; id: string }) =>
      api.delete<unknown>(`${gamePath(game)}/keys/${encodeURIComponent(id)}`, undefined, { auth: 'admin' }),
    GAMES_KEY,
  );

export interface DeliveryFilter {
  game?: Game;
  status?: DeliveryStatus;
}

function deliveriesUrl(filter: DeliveryFilter, after: string | null): string {
  const params = new URLSearchParams();
  if (filter.game) params.set('game', filter.game);
  if (filter.status) params.set('status', filter.status);
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `/api/admin/deliveries?${query}` : '/api/admin/deliveries';
}

/** The delivery log, newest first, a page at a time ("Show more" asks for the next). */
export function useDeliveries(filter: DeliveryFilter) {
  return useInfiniteQuery({
    queryKey: [...GAMES_KEY, 'deliveries', filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<DeliveryList>(deliveriesUrl(filter, pageParam), { auth: 'admin', signal }),
    getNextPageParam: (last) => last.next,
    retry: false,
  });
}

/** Sends a delivery again now; the reply says how it went. */
export const useRetryDelivery = () =>
  useRefreshingMutation(
    (id: string) =>
      api.post<DeliveryReply>(`/api/admin/deliveries/${encodeURIComponent(id)}/retry`, undefined, {
        auth: 'admin',
      }),
    GAMES_KEY,
  );

/** An order's entitlements and their deliveries (sales dashboard, player detail). */
export function useOrderFulfilment(txnid: string) {
  return useQuery({
    queryKey: [...GAMES_KEY, 'fulfilment', txnid],
    queryFn: ({ signal }) =>
      api.get<OrderFulfilment>(`/api/admin/orders/${encodeURIComponent(txnid)}/fulfilment`, {
        auth: 'admin',
        signal,
      }),
    retry: false,
  });
}
