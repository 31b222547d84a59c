import { checkoutEndpoints, type ShopGame } from '@portal/contract';
import { call } from '../../lib/api';

/** Payment pages the browser may be sent to: the portal itself or Xsolla's Pay Station. */
function isAllowedPaymentUrl(uri: string): boolean {
  try {
    const url = new URL(uri, window.location.origin);
    if (url.origin === window.location.origin) return true;
    return url.protocol === 'https:' && /(^|\.)xsolla\.com$/.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Opens the payment page of a new order: the shop's cart, or with `sku` Buy Now of that one product alone
 * (the cart is left as it is; decision 0044). Throws what the server refused.
 */
export async function startCheckout(game: ShopGame, sku?: string): Promise<void> {
  const { redirectUri } = await call(checkoutEndpoints.checkout, {
    params: { game },
    body: sku === undefined ? undefined : { sku },
  });
  if (!isAllowedPaymentUrl(redirectUri)) throw new Error('unexpected payment page');
  window.location.assign(redirectUri);
}
