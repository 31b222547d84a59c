import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfirmationReply, PlayerOrder } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { ORDER_HISTORY_PATH } from '../../shell/shop-links';
import { OrderCard, useMyOrder } from '../orders';
import { startCheckout } from './checkout';
import { PENDING_POLL_LIMIT_MS, pendingPollDelay } from './polling';
import { TestPaymentsBanner } from './TestPaymentsBanner';

/**
 * Shows the server's message about the order followed by '!'. The text always comes from the order's real
 * state on the server, never from the query string. While the payment is pending it asks again with a
 * growing pause for a few minutes, so the final state shows without a reload; the order's summary follows,
 * and "Try again" after a declined or canceled payment (issue #27).
 */
export function ResultMessage({
  txnid,
  load,
  shopPath,
  cartPath,
  title,
}: {
  txnid: string | null;
  load: () => Promise<ConfirmationReply>;
  shopPath: string;
  /** Where a cart order's lines are back after a declined or canceled payment. */
  cartPath: string;
  title: string;
}) {
  // Restarted by "Check again" once the checks have stopped.
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['payment-confirmation', txnid],
    queryFn: load,
    enabled: Boolean(txnid),
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.status === 'Pending'
        ? pendingPollDelay(q.state.dataUpdateCount, Date.now() - pollingSince)
        : false,
    // A phone that switches apps while the provider answers keeps checking.
    refetchIntervalInBackground: true,
  });
  const status = query.data?.status;
  const severity = status === 'SUCCESSFUL' ? 'success' : status === 'FAILED' ? 'error' : 'info';
  const stillPending = status === 'Pending' && !query.isFetching && !query.isRefetchError;
  const gaveUp = stillPending && Date.now() - pollingSince >= PENDING_POLL_LIMIT_MS;

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <TestPaymentsBanner />
        {!txnid ? (
          <Alert severity="warning">There is no transaction to show.</Alert>
        ) : query.isPending ? (
          <CenteredSpinner size="section" label="Checking the payment" />
        ) : query.isError && !query.data ? (
          <Alert severity="error">{errorMessage(query.error, 'The payment could not be checked.')}</Alert>
        ) : (
          <Alert severity={severity} data-testid="payment-message" aria-live="polite">
            {`${query.data.message}!`}
          </Alert>
        )}
        {status === 'Pending' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="payment-polling">
            {gaveUp
              ? 'The payment provider has not answered yet. Check again later, or see it in My Orders.'
              : 'This page updates by itself when the payment provider answers.'}
          </Typography>
        )}
        {gaveUp && (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setPollingSince(Date.now())}>
            Check again
          </Button>
        )}
        {txnid && status ? (
          <Box sx={{ mt: 2 }}>
            <ResultOrder txnid={txnid} version={status} cartPath={cartPath} />
          </Box>
        ) : (
          txnid && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2, wordBreak: 'break-all' }}>
              Transaction ID: {txnid}
            </Typography>
          )
        )}
        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={shopPath}>
            Back to Shop
          </Button>
          <Button component={RouterLink} to={ORDER_HISTORY_PATH}>
            My Orders
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The order's summary, fetched again whenever the payment's state moves; the transaction id if it fails. */
function ResultOrder({ txnid, version, cartPath }: { txnid: string; version: string; cartPath: string }) {
  const order = useMyOrder(txnid, version);
  if (order.data)
    return (
      <>
        <TryAgain order={order.data} cartPath={cartPath} />
        <OrderCard order={order.data} />
      </>
    );
  return (
    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
      Transaction ID: {txnid}
    </Typography>
  );
}

/** Failures the player can simply try again after: the card or provider declined, or they canceled. */
const RETRYABLE = new Set(['declined', 'canceled', 'provider_error']);

/**
 * "Try again" after a declined or canceled payment (decision 0044): a cart order's lines are back in the
 * cart, so it opens the cart; a Buy Now order opens a new payment page for that one product.
 */
function TryAgain({ order, cartPath }: { order: PlayerOrder; cartPath: string }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (order.status !== 'FAILED' || order.refund_due || !RETRYABLE.has(order.failure_reason ?? ''))
    return null;
  const buyNow = order.origin === 'buy_now' ? order.items[0] : undefined;
  const retry = async (sku: string) => {
    setError(null);
    setStarting(true);
    try {
      await startCheckout(order.shop, sku);
    } catch (e) {
      setError(errorMessage(e, 'The payment page could not be opened. Please try again.'));
      setStarting(false);
    }
  };
  return (
    <Box sx={{ mb: 2 }} data-testid="try-again">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {buyNow
          ? `You were not charged. ${buyNow.name} is still in the shop.`
          : 'You were not charged, and your cart still holds these items.'}
      </Typography>
      {buyNow ? (
        <Button
          variant="contained"
          disabled={starting}
          onClick={() => void retry(buyNow.sku)}
          startIcon={starting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Try again
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to={cartPath}>
          Try again
        </Button>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
