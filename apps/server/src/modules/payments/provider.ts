import { PAGE_PATHS, pageHref, type ShopGame } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import type { OrderRecord } from '../orders';
import { sandboxProvider } from './sandbox';
import { xsollaProvider } from './xsolla';

export interface PaymentRequest {
  txnid: string;
  game: ShopGame;
  amount: string;
  currency: string;
  items: { sku: string; name: string; quantity: number; unitPrice: string }[];
  user: { id: string; email: string; name: string };
  /** Where the provider sends the browser back to (the game's return page, with txnid). */
  returnUrl: string;
  /** When the stock reservation (and so the payment page) expires. */
  expiresAt: Date;
}

interface PaymentSession {
  redirectUri: string;
  /** The provider's own order id, if it has one (used to match order_canceled notifications). */
  providerOrderId?: string;
}

/**
 * A payment provider hosts the card page and tells the portal the outcome through the signed webhook
 * (POST /api/xsolla/webhook). Both implementations use Xsolla's notification format and signature.
 */
export interface PaymentProvider {
  name: 'sandbox' | 'xsolla';
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** Gives a paid order's whole amount back to the player; throws an AppError when it cannot. */
  refund(order: OrderRecord): Promise<void>;
}

export function paymentProvider(ctx: ServiceContext): PaymentProvider {
  return ctx.config.PAYMENT_PROVIDER === 'xsolla' ? xsollaProvider(ctx) : sandboxProvider(ctx);
}

export function returnUrlFor(ctx: ServiceContext, game: ShopGame, txnid: string): string {
  const page = game === 'yggdra' ? PAGE_PATHS.webshopPayment : PAGE_PATHS.webshopConfirmation;
  return `${ctx.config.PUBLIC_URL}${pageHref(page, {}, { txnid })}`;
}
