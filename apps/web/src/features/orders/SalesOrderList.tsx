import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatPrice, type OrderRow } from '@portal/contract';
import { generatePath, Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import { PAGES } from '../../shell/pages';
import { RowCard } from '../../shell/RowCard';
import { CopyableId } from './CopyableId';
import { ORDER_STATUS_COLORS } from './OrderSummary';

const EMPTY = 'No orders found.';

/** The customer: for staff, the player's name linking to the player detail, above the copyable id. */
function Customer({ order, onCopy }: { order: OrderRow; onCopy: (copied: boolean) => void }) {
  return (
    <>
      {order.customer_name !== undefined && (
        <Link
          component={RouterLink}
          to={generatePath(PAGES.player.path, { id: encodeURIComponent(order.customer_id) })}
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {order.customer_name}
        </Link>
      )}
      <CopyableId id={order.customer_id} kind="customer" onCopy={onCopy} />
    </>
  );
}

interface Props {
  orders: OrderRow[];
  /** True while another page loads: the shown one stays, marked busy. */
  busy: boolean;
  onCopy: (copied: boolean) => void;
  /** Given to staff who may refund: paid orders get a Refund button. */
  onRefund?: (order: OrderRow) => void;
  /** Given to back-office staff: each order gets a Details button (its items, deliveries, dispute notes). */
  onDetails?: (order: OrderRow) => void;
}

/** Paid and not given back: SUCCESSFUL, or FAILED with a late payment (refund due). */
const refundable = (o: OrderRow) => o.txnstatus === 'SUCCESSFUL' || o.refund_due;

const price = (o: OrderRow) => formatPrice(o.price, o.currency);

function SalesStatus({
  order,
  onRefund,
  onDetails,
}: {
  order: OrderRow;
  onRefund?: Props['onRefund'];
  onDetails?: Props['onDetails'];
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip size="small" label={order.txnstatus} color={ORDER_STATUS_COLORS[order.txnstatus]} />
      {order.refund_due && (
        <Tooltip
          describeChild
          title="Paid after the order had failed: the player was charged and got nothing. Refund the payment."
        >
          <Chip size="small" variant="outlined" color="warning" label="Refund due" tabIndex={0} />
        </Tooltip>
      )}
      {order.txnstatus === 'SUCCESSFUL' && order.refunded_amount && (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          label={`Partly refunded: ${formatPrice(order.refunded_amount, order.currency)}`}
        />
      )}
      {order.fraud && <Chip size="small" variant="outlined" color="error" label="Fraud" />}
      {order.dispute && (
        <Chip size="small" variant="outlined" color="warning" label={`Disputed: ${order.dispute.status}`} />
      )}
      {onRefund && refundable(order) && (
        <Button size="small" onClick={() => onRefund(order)} aria-label={`Refund order ${order.txnid}`}>
          Refund
        </Button>
      )}
      {onDetails && (
        <Button size="small" onClick={() => onDetails(order)} aria-label={`Details of order ${order.txnid}`}>
          Details
        </Button>
      )}
    </Stack>
  );
}

/**
 * The orders of one page: the spec's seven columns where there is room; below 900 px one card per order with
 * date, price and status first, so a phone never scrolls sideways.
 */
export function SalesOrderList({ orders, busy, onCopy, onRefund, onDetails }: Props) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (narrow) {
    if (orders.length === 0) return <Typography sx={{ py: 2 }}>{EMPTY}</Typography>;
    return (
      <Stack component="ul" aria-label="Orders" aria-busy={busy} spacing={1.5} sx={{ p: 0, m: 0 }}>
        {orders.map((o) => (
          <RowCard
            key={o.id}
            testId={`order-${o.txnid}`}
            top={
              <>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                >
                  <Typography variant="body2">{formatDate(o.transactionDate)}</Typography>
                  <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{price(o)}</Typography>
                </Stack>
                <Box sx={{ mt: 0.5 }}>
                  <SalesStatus order={o} onRefund={onRefund} onDetails={onDetails} />
                </Box>
              </>
            }
            fields={
              <>
                <dt>Transaction ID</dt>
                <dd>
                  <CopyableId id={o.txnid} kind="order" onCopy={onCopy} />
                </dd>
                <dt>Customer ID</dt>
                <dd>
                  <Customer order={o} onCopy={onCopy} />
                </dd>
                <dt>Product ID</dt>
                <dd>{o.product_id}</dd>
                <dt>Merchant</dt>
                <dd>{o.merchant}</dd>
              </>
            }
          />
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Orders" aria-busy={busy}>
        <TableHead>
          <TableRow>
            <TableCell>Transaction Date</TableCell>
            <TableCell>Transaction ID</TableCell>
            <TableCell>Customer ID</TableCell>
            <TableCell>Product ID</TableCell>
            <TableCell>Merchant</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography sx={{ py: 2 }}>{EMPTY}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            orders.map((o) => (
              <TableRow key={o.id} data-testid={`order-${o.txnid}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(o.transactionDate)}</TableCell>
                <TableCell>
                  <CopyableId id={o.txnid} kind="order" onCopy={onCopy} />
                </TableCell>
                <TableCell>
                  <Customer order={o} onCopy={onCopy} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.product_id}</TableCell>
                <TableCell>{o.merchant}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {price(o)}
                </TableCell>
                <TableCell>
                  <SalesStatus order={o} onRefund={onRefund} onDetails={onDetails} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
