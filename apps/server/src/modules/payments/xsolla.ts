import { REFUND_MESSAGES } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { PaymentProvider, PaymentRequest } from './provider';

const PAYSTATION_URL = 'https://secure.xsolla.com/paystation4/?token=';
const PAYSTATION_SANDBOX_URL = 'https://sandbox-secure.xsolla.com/paystation4/?token=';

/**
 * The real Xsolla provider: a server-side payment token for the order's items from the Store API
 * (`POST {XSOLLA_API_URL}/v3/project/{project_id}/admin/payment/token`, HTTP Basic project_id:api_key),
 * then the browser goes to Pay Station with that token. The order's txnid travels as
 * `settings.external_id`, and comes back in the payment notification as `transaction.external_id`.
 */
export function xsollaProvider(ctx: ServiceContext): PaymentProvider {
  const { config } = ctx;
  return {
    name: 'xsolla',
    async createPayment(request: PaymentRequest) {
      const url = `${config.XSOLLA_API_URL.replace(/\/$/, '')}/v3/project/${encodeURIComponent(config.XSOLLA_PROJECT_ID ?? '')}/admin/payment/token`;
      const body = {
        user: {
          id: { value: request.user.id },
          name: { value: request.user.name },
          email: { value: request.user.email },
          country: { value: 'PH', allow_modify: false },
        },
        purchase: { items: request.items.map((i) => ({ sku: i.sku, quantity: i.quantity })) },
        sandbox: config.XSOLLA_SANDBOX,
        settings: {
          currency: request.currency,
          external_id: request.txnid,
          return_url: request.returnUrl,
          language: 'en',
        },
        custom_parameters: { game: request.game },
      };
      const auth = Buffer.from(`${config.XSOLLA_PROJECT_ID}:${config.XSOLLA_API_KEY}`).toString('base64');
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw providerUnavailable();
      }
      if (!response.ok) throw providerUnavailable();
      const reply = (await response.json().catch(() => null)) as {
        token?: unknown;
        order_id?: unknown;
      } | null;
      if (!reply || typeof reply.token !== 'string' || reply.token.length === 0) throw providerUnavailable();
      const base = config.XSOLLA_SANDBOX ? PAYSTATION_SANDBOX_URL : PAYSTATION_URL;
      return {
        redirectUri: `${base}${encodeURIComponent(reply.token)}`,
        providerOrderId: reply.order_id === undefined ? undefined : String(reply.order_id),
      };
    },
    // Refunds go through Xsolla Publisher Account (decision 0034); its refund notification then moves the order.
    async refund() {
      throw new AppError('REFUND_NOT_CONFIGURED', REFUND_MESSAGES.providerNotConfigured);
    },
  };
}

function providerUnavailable(): AppError {
  return new AppError(
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment service is not available right now. Please try again in a moment.',
  );
}
