import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GAME_LABELS, type PlayerOrder } from '@portal/contract';
import { formatDate } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { MorePages } from '../../shell/MorePages';
import { ShopLinks } from '../../shell/ShopLinks';
import { useMyOrders } from './api';
import { OrderCard, OrderStatusChip, orderAmount, orderItemsText } from './OrderSummary';

/** /orders: the signed-in player's own orders, newest first (decision 0024). */
export default function MyOrdersPage() {
  const orders = useMyOrders();
  return (
    <Card sx={{ maxWidth: 1100, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          My Orders
        </Typography>
        <AsyncSection
          query={orders}
          what="your orders"
          empty={
            <Stack spacing={2} data-testid="no-orders">
              <Typography variant="h6" component="p">
                No orders yet
              </Typography>
              <Typography color="text.secondary">
                What you buy in the webshops will be listed here.
              </Typography>
              <ShopLinks />
            </Stack>
          }
          select={(data) => data.pages.flatMap((page) => page.orders)}
        >
          {(list) => (
            <>
              <OrderList orders={list} />
              <MorePages query={orders} failed="More orders could not be loaded." more="Show older orders" />
            </>
          )}
        </AsyncSection>
      </CardContent>
    </Card>
  );
}

/** A table where there is room, one card per order on a phone. */
function OrderList({ orders }: { orders: PlayerOrder[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {orders.map((order) => (
          <OrderCard key={order.txnid} order={order} />
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Your orders">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Shop</TableCell>
            <TableCell>Items</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.txnid} data-testid="order-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
              <TableCell>{GAME_LABELS[order.shop]}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {orderItemsText(order)}
                {order.refund_due && (
                  <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                    Charged after the order had ended: a refund is due.
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {orderAmount(order)}
              </TableCell>
              <TableCell>
                <OrderStatusChip order={order} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
