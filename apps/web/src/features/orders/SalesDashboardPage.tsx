import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney, MESSAGES, ORDER_STATUS_FILTERS, type OrderFilter } from '@portal/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { downloadExport } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useSalesOrders } from './api';

const statusColor = { Pending: 'warning', SUCCESSFUL: 'success', FAILED: 'error' } as const;

function message(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 403 ? 'The sales dashboard is for admins only.' : error.body.message;
  return 'Something went wrong. Please try again.';
}

/** /salesdashboard: webshop orders for admins (checked on the server), with a filter and an xlsx export. */
export default function SalesDashboardPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<(typeof ORDER_STATUS_FILTERS)[number]>('All');
  const [filter, setFilter] = useState<OrderFilter>({ datestart: '', dateend: '', status: 'All' });
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const orders = useSalesOrders(filter);

  const current = (): OrderFilter | null => {
    if (Boolean(from) !== Boolean(to)) {
      setNotice(MESSAGES.bothDates);
      return null;
    }
    setNotice(null);
    return { datestart: from, dateend: to, status };
  };

  async function exportOrders() {
    const next = current();
    if (!next) return;
    setExporting(true);
    try {
      await downloadExport('/api/exportorders/link', next);
    } catch (error) {
      setNotice(message(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Sales Dashboard
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ sm: 'center' }}
          sx={{ mb: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            const next = current();
            if (next) setFilter(next);
          }}
        >
          <TextField
            label="From"
            type="date"
            size="small"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Status"
            size="small"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            sx={{ minWidth: 160 }}
          >
            {ORDER_STATUS_FILTERS.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            Filter
          </Button>
          <Link
            component="button"
            type="button"
            onClick={exportOrders}
            disabled={exporting}
            underline="hover"
          >
            {exporting ? 'Exporting…' : 'Export'}
          </Link>
        </Stack>
        {notice && (
          <Alert severity="warning" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {orders.isPending ? (
          <CenteredSpinner size="section" label="Loading orders" />
        ) : orders.isError ? (
          <Alert severity="error">{message(orders.error)}</Alert>
        ) : (
          <>
            {orders.data.truncated && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Showing the newest {orders.data.orders.length} orders. Narrow the dates, or export to get all
                of them.
              </Alert>
            )}
            <TableContainer>
              <Table size="small" aria-label="Orders">
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
                  {orders.data.orders.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={7}>
                        <Typography color="text.secondary" sx={{ py: 2 }}>
                          No orders found.
                        </Typography>
                      </TableCell>
                    </TableRow>
                  ) : (
                    orders.data.orders.map((o) => (
                      <TableRow key={o.id} data-testid={`order-${o.txnid}`}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(o.transactionDate)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{o.txnid}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-all' }}>{o.customer_id}</TableCell>
                        <TableCell>{o.product_id}</TableCell>
                        <TableCell>{o.merchant}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {o.currency} {formatMoney(o.price)}
                        </TableCell>
                        <TableCell>
                          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                            <Chip size="small" label={o.txnstatus} color={statusColor[o.txnstatus]} />
                            {o.refund_due && (
                              <Tooltip
                                describeChild
                                title="Paid after the order had failed: the player was charged and got nothing. Refund the payment."
                              >
                                <Chip
                                  size="small"
                                  variant="outlined"
                                  color="warning"
                                  label="Refund due"
                                  tabIndex={0}
                                />
                              </Tooltip>
                            )}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </CardContent>
    </Card>
  );
}
