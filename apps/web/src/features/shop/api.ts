import {
  type Cart,
  formatCents,
  type Product,
  type ProductGroup,
  type ShopGame,
  shopEndpoints,
  toCents,
} from '@portal/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorMessage } from '../../lib/api';
import { sanctionRefusalOf } from '../../lib/standing-token';
import { startCheckout } from '../payments';

const shopKeys = {
  products: (game: ShopGame) => ['shop', game, 'products'] as const,
  groups: (game: ShopGame) => ['shop', game, 'groups'] as const,
  cart: (game: ShopGame) => ['shop', game, 'cart'] as const,
};

/**
 * How long a catalog answer serves the shop without asking again: the catalog a shop page was sent with
 * (seedCatalog) is drawn and not fetched again as the page starts, whose re-render of the whole page on the
 * answer was the start's longest task on a phone. A later visit after a minute asks again.
 */
const CATALOG_FRESH_MS = 60_000;

export function useProducts(game: ShopGame) {
  return useQuery({
    queryKey: shopKeys.products(game),
    queryFn: ({ signal }) =>
      call(shopEndpoints.products, { params: { game } }, { signal }).then((r) => r.products),
    staleTime: CATALOG_FRESH_MS,
  });
}

export function useGroups(game: ShopGame) {
  return useQuery({
    queryKey: shopKeys.groups(game),
    queryFn: ({ signal }) =>
      call(shopEndpoints.groups, { params: { game } }, { signal }).then((r) => r.groups),
    staleTime: CATALOG_FRESH_MS,
  });
}

/** A shop's catalog as the server's cache holds it, for the shop page the server renders (src/prerender.tsx). */
export function seedCatalog(
  client: QueryClient,
  game: ShopGame,
  catalog: { products: Product[]; groups: ProductGroup[] },
): void {
  client.setQueryData(shopKeys.products(game), catalog.products);
  client.setQueryData(shopKeys.groups(game), catalog.groups);
}

/** Line total of a cart item in two decimals, computed in integer centavos. */
export function lineTotal(item: { quantity: number; price: { amount: string } }): string {
  return formatCents(toCents(item.price.amount) * item.quantity);
}

export function itemCount(cart: Cart | undefined): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

/** The shop's words for a failed call. */
const failedText = (error: unknown) => errorMessage(error, 'Something went wrong. Please try again.');

/** A cart action's failure: its words, and whether a sanction refused it (then the account standing says why). */
export interface ShopFailure {
  text: string;
  sanctioned: boolean;
}
const failed = (error: unknown): ShopFailure => ({
  text: failedText(error),
  sanctioned: sanctionRefusalOf(error) !== null,
});

/**
 * A shop's server cart. An answer of the last two seconds serves the page that mounts now (a cart page's,
 * started with its route: startShopCart), so it asks once.
 */
const cartQuery = (game: ShopGame) =>
  queryOptions({
    queryKey: shopKeys.cart(game),
    queryFn: ({ signal }) => call(shopEndpoints.cart, { params: { game } }, { signal }),
    staleTime: 2_000,
  });

/**
 * Starts a shop's cart request as its cart page's route is entered: beside the session check, not after it. The
 * shop pages themselves ask as they mount: they are sent drawn, and a cart answered before their hydration
 * would draw other text than the server's (decision 0086).
 */
export function startShopCart(client: QueryClient, game: ShopGame): void {
  void client.prefetchQuery(cartQuery(game));
}

/**
 * The server cart of one shop. The local copy changes only when the server answers 200 (the reply is the new
 * cart); removing calls DELETE and then fetches the cart again.
 */
export function useShopCart(game: ShopGame) {
  const client = useQueryClient();
  const [error, setError] = useState<ShopFailure | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const cart = useQuery(cartQuery(game));
  const put = useMutation({
    mutationFn: (items: { sku: string; quantity: number }[]) =>
      call(shopEndpoints.replaceCart, { params: { game }, body: { items } }),
    onSuccess: (next) => client.setQueryData(shopKeys.cart(game), next),
  });

  async function add(product: Pick<Product, 'sku'>): Promise<boolean> {
    setError(null);
    const current = cart.data?.items ?? [];
    const exists = current.some((i) => i.sku === product.sku);
    const items = current.map((i) => ({
      sku: i.sku,
      quantity: i.sku === product.sku ? i.quantity + 1 : i.quantity,
    }));
    if (!exists) items.push({ sku: product.sku, quantity: 1 });
    try {
      await put.mutateAsync(items);
      return true;
    } catch (e) {
      setError(failed(e));
      return false;
    }
  }

  /** Sets one line's quantity; the server checks it against the per-order limit and the stock. */
  async function setQuantity(sku: string, quantity: number): Promise<void> {
    setError(null);
    const items = (cart.data?.items ?? []).map((i) => ({
      sku: i.sku,
      quantity: i.sku === sku ? quantity : i.quantity,
    }));
    try {
      await put.mutateAsync(items);
    } catch (e) {
      setError(failed(e));
    }
  }

  async function remove(sku: string): Promise<void> {
    setError(null);
    try {
      await call(shopEndpoints.removeCartItem, { params: { game, sku } });
    } catch (e) {
      setError(failed(e));
    }
    await client.invalidateQueries({ queryKey: shopKeys.cart(game) });
  }

  /** Checkout of the whole cart, or with `sku` Buy Now of that one product alone (the cart stays as it is). */
  async function checkout(sku?: string): Promise<void> {
    setError(null);
    setCheckingOut(true);
    try {
      await startCheckout(game, sku);
    } catch (e) {
      setError(failed(e));
      setCheckingOut(false);
      await client.invalidateQueries({ queryKey: shopKeys.cart(game) });
      await client.invalidateQueries({ queryKey: shopKeys.products(game) });
    }
  }

  return {
    cart: cart.data,
    isLoading: cart.isPending,
    /**
     * Adding waits for the cart: an item added to a cart not yet loaded would replace it. A shop's buttons
     * wait for the app as well (a shop is sent drawn, decision 0062), each in a `WhenAppReady` of its own, so
     * the app's takeover renders them again and not the whole catalog (decision 0080).
     */
    canAdd: cart.isSuccess && !put.isPending,
    loadError: cart.isError ? failedText(cart.error) : null,
    error,
    clearError: () => setError(null),
    adding: put.isPending,
    checkingOut,
    add,
    setQuantity,
    remove,
    checkout: () => checkout(),
    buyNow: (product: Pick<Product, 'sku'>) => checkout(product.sku),
  };
}
