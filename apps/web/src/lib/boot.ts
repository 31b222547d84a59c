import { type PaymentMode, paymentModeReplySchema } from '@portal/contract';

/**
 * The payment mode the server put in the page's first response (`<script type="application/json"
 * id="portal-boot">`, apps/server/src/plugins/web.ts): the shops draw their "Test payments" banner with the
 * page instead of inserting it once a request has answered (a layout shift). Undefined without it (the
 * development server, tests, the server's render: src/prerender.tsx seeds it) or if it does not read as the
 * API's reply: the app then asks the API.
 */
export function bootPaymentMode(): PaymentMode | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('portal-boot')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = paymentModeReplySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
