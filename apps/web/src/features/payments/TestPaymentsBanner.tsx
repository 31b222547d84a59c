import Alert from '@mui/material/Alert';
import { paymentsEndpoints, TEST_PAYMENTS_BANNER } from '@portal/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { bootPaymentMode } from '../../lib/boot';

const PAYMENT_MODE_KEY = ['payments', 'mode'] as const;

/**
 * Whether the portal's payments take real money; fixed for the life of a server process, so the value the
 * page arrived with (lib/boot.ts) is used as it is, and the API asked only without it.
 */
function usePaymentMode() {
  return useQuery({
    queryKey: PAYMENT_MODE_KEY,
    queryFn: ({ signal }) => call(paymentsEndpoints.mode, {}, { signal }),
    initialData: bootPaymentMode,
    staleTime: 5 * 60_000,
  });
}

/** The payment mode as the server knows it, for a page the server renders (src/prerender.tsx). */
export function seedPaymentMode(client: QueryClient, testPayments: boolean): void {
  client.setQueryData(PAYMENT_MODE_KEY, { test_payments: testPayments });
}

/**
 * "Test payments: no real money" on every shop, cart and payment page while the server runs the sandbox or
 * Xsolla's sandbox mode (a staging site). Nothing at all with real payments, or before the answer arrives.
 */
export function TestPaymentsBanner() {
  const mode = usePaymentMode();
  if (mode.data?.test_payments !== true) return null;
  return (
    <Alert
      severity="warning"
      role="note"
      data-testid="test-payments-banner"
      sx={{ mb: 2, overflowWrap: 'anywhere', '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <strong>{TEST_PAYMENTS_BANNER}</strong>. Orders here are paid with test cards; no card is ever charged.
    </Alert>
  );
}
