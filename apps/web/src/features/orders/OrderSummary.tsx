import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatPrice,
  GAME_LABELS,
  type OrderFailureReason,
  type OrderStatus,
  type PlayerOrder,
} from '@portal/contract';
import { formatDate } from '../../lib/format';

/** The players' words for the spec's order statuses. */
const STATUS_LABELS = {
  Pending: 'Pending',
  SUCCESSFUL: 'Paid',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
  CHARGEBACK: 'Charged back',
} as const satisfies Record<OrderStatus, string>;
/** One colour per order status, wherever a status chip shows (My Orders, results, the sales dashboard). */
export const ORDER_STATUS_COLORS = {
  Pending: 'warning',
  SUCCESSFUL: 'success',
  FAILED: 'error',
  REFUNDED: 'info',
  CHARGEBACK: 'secondary',
} as const satisfies Record<OrderStatus, ChipProps['color']>;

export const orderAmount = (order: Pick<PlayerOrder, 'amount' | 'currency'>) =>
  formatPrice(order.amount, order.currency);

export const orderItemsText = (order: PlayerOrder) =>
  order.items.map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name)).join(', ');

/** Where a paid order's items are (issue #23), named after its shop's game; null for an order never paid. */
function deliveryText(order: PlayerOrder): string | null {
  const game = GAME_LABELS[order.shop];
  if (order.delivery === 'pending') return `On its way to ${game}`;
  if (order.delivery === 'delivered') return `Delivered to ${game}`;
  if (order.delivery === 'revoked') return 'Taken back after the refund';
  return null;
}

/** Why a failed order failed (issue #27): declined by the card or provider, or canceled by the player. */
const FAILURE_TEXTS = {
  declined: 'Declined by your card or the payment provider',
  canceled: 'Canceled by you on the payment page',
  expired: 'The payment was not finished in time',
  provider_error: 'The payment page could not be opened',
} as const satisfies Record<OrderFailureReason, string>;

/** The order's status, for a paid one where its items are, and for a failed one why. */
export function OrderStatusChip({ order }: { order: PlayerOrder }) {
  const delivery = deliveryText(order);
  const failure =
    order.status === 'FAILED' && order.failure_reason ? FAILURE_TEXTS[order.failure_reason] : null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={STATUS_LABELS[order.status]} color={ORDER_STATUS_COLORS[order.status]} />
      {order.refund_due && <Chip size="small" variant="outlined" color="error" label="Refund due" />}
      {delivery && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="order-delivery"
          sx={{ width: '100%', whiteSpace: { sm: 'nowrap' } }}
        >
          {delivery}
        </Typography>
      )}
      {failure && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="order-failure"
          sx={{ width: '100%' }}
        >
          {failure}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * "Refund due": the payment arrived after the order had failed, so the player was charged for nothing; or a
 * paid order was paid a second time (a double charge).
 */
function RefundDueNote({ order }: { order: PlayerOrder }) {
  if (!order.refund_due) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1.5 }}>
      {order.status === 'SUCCESSFUL'
        ? 'You were charged twice for this order. A refund of the second payment is due: our customer support will return it.'
        : 'Your payment arrived after this order had ended, so you were charged for nothing. A refund is due: our customer support will return it.'}
    </Alert>
  );
}

/** One order as a card: the phone layout of the order history, and the result pages' summary. */
export function OrderCard({ order, heading = 'h2' }: { order: PlayerOrder; heading?: 'h2' | 'h3' }) {
  return (
    <Box
      component="section"
      aria-label={`Order ${order.txnid}`}
      data-testid="order-card"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component={heading} variant="subtitle1" sx={{ fontWeight: 700 }}>
            {GAME_LABELS[order.shop]} · {orderAmount(order)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(order.created_at)}
          </Typography>
        </Box>
        <OrderStatusChip order={order} />
      </Stack>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {order.items.map((item) => (
          <Typography component="li" variant="body2" key={item.sku} sx={{ overflowWrap: 'anywhere' }}>
            {item.name} × {item.quantity}
          </Typography>
        ))}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}
      >
        Transaction ID: {order.txnid}
      </Typography>
      <RefundDueNote order={order} />
    </Box>
  );
}
