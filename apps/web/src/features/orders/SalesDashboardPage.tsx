import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  ORDER_STATUS_FILTERS,
  type OrderFilter,
  type OrderRow,
  type OrdersPageStep,
  ordersEndpoints,
  REFUND_DUE_FILTER,
} from '@portal/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { downloadExport } from '../../lib/download';
import { AsyncSection } from '../../shell/AsyncSection';
import { useSession } from '../../shell/session';
import { useStaffAccess } from '../../shell/staff-access';
import { OrderFulfilmentDialog } from '../entitlements';
import { type SalesAudience, useSalesOrders } from './api';
import { DisputeNotes } from './DisputeNotes';
import { RefundDialog } from './RefundDialog';
import { SalesOrderList } from './SalesOrderList';
import { SalesPaging } from './SalesPaging';
import { SalesTotals } from './SalesTotals';

const FIRST_PAGE: OrdersPageStep = { page: 1 };

function message(error: unknown): string {
  if (error instanceof ApiError)
    return error.code === 'FORBIDDEN' ? 'The sales dashboard is for admins only.' : error.body.message;
  return 'Something went wrong. Please try again.';
}

/**
 * /salesdashboard (players whose role is 'admin', spec) and /mlg/admin/sales (staff whose role opens sales):
 * webshop orders (checked on the server), a page at a time with the filter's totals, and an xlsx export of
 * the whole filter (decision 0027). `audience` says whose session the calls carry.
 */
export default function SalesDashboardPage({ audience = 'player' }: { audience?: SalesAudience }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<(typeof ORDER_STATUS_FILTERS)[number]>('All');
  // Back-office only: a txnid or a player's email (the spec's page has no such field).
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<OrderFilter>({ datestart: '', dateend: '', status: 'All' });
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [step, setStep] = useState(FIRST_PAGE);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [refunding, setRefunding] = useState<OrderRow | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  const [details, setDetails] = useState<OrderRow | null>(null);
  // Only back-office staff whose role may refund (the page also serves players whose role is 'admin').
  const { admin } = useSession();
  const access = useStaffAccess();
  const mayRefund = admin.adminAuthenticated && access.known && access.may('sales.refund');
  // An order's items, deliveries and dispute notes: in the back-office only (staff calls).
  const mayOpenDetails = audience === 'admin' && access.known && access.may('players.read');
  // The back-office export needs its own capability; a player whose role is 'admin' exports as before.
  const mayExport = audience === 'player' || access.grants('sales.export');

  const orders = useSalesOrders({ ...filter, per_page: perPage, ...step }, audience);
  // Another page, or the first of a new filter, is on its way while the current one is still shown.
  const busy = orders.isPlaceholderData;

  const current = (): OrderFilter | null => {
    if (Boolean(from) !== Boolean(to)) {
      setNotice(MESSAGES.bothDates);
      return null;
    }
    setNotice(null);
    const term = search.trim();
    return { datestart: from, dateend: to, status, ...(audience === 'admin' && term && { search: term }) };
  };

  /** Finance's queue: the orders paid after they had failed, still owed a refund. */
  function openRefundQueue() {
    const next = { datestart: '', dateend: '', status: REFUND_DUE_FILTER } as const;
    setFrom('');
    setTo('');
    setStatus(REFUND_DUE_FILTER);
    setSearch('');
    setNotice(null);
    setFilter(next);
    setStep(FIRST_PAGE);
  }

  async function exportOrders() {
    const next = current();
    if (!next) return;
    setExporting(true);
    try {
      await downloadExport(ordersEndpoints.exportLink, { body: next }, { auth: audience });
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
            if (next) {
              setFilter(next);
              setStep(FIRST_PAGE);
            }
          }}
        >
          {audience === 'admin' && (
            <TextField
              label="Txnid or player email"
              type="search"
              size="small"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 255 } }}
              sx={{ minWidth: { sm: 240 } }}
            />
          )}
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
          {mayExport && (
            <Link
              component="button"
              type="button"
              onClick={exportOrders}
              disabled={exporting}
              underline="hover"
            >
              {exporting ? 'Exporting…' : 'Export'}
            </Link>
          )}
          {mayRefund && (
            <Button type="button" variant="outlined" color="warning" onClick={openRefundQueue}>
              Refund due queue
            </Button>
          )}
        </Stack>
        {notice && (
          <Alert severity="warning" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <AsyncSection query={orders} what="orders" rows={5}>
          {(data) => (
            <>
              <SalesTotals totals={data.totals} />
              <LinearProgress aria-hidden="true" sx={{ visibility: busy ? 'visible' : 'hidden', mb: 1 }} />
              <SalesOrderList
                orders={data.orders}
                busy={busy}
                onCopy={setCopied}
                onRefund={mayRefund ? setRefunding : undefined}
                onDetails={mayOpenDetails ? setDetails : undefined}
              />
              {data.paging && (
                <SalesPaging
                  paging={data.paging}
                  shown={data.orders.length}
                  busy={busy}
                  onStep={setStep}
                  onPerPage={(n) => {
                    setPerPage(n);
                    setStep(FIRST_PAGE);
                  }}
                />
              )}
            </>
          )}
        </AsyncSection>
        <RefundDialog order={refunding} onClose={() => setRefunding(null)} onRefunded={setRefunded} />
        <OrderFulfilmentDialog txnid={details?.txnid ?? null} onClose={() => setDetails(null)}>
          {details && <DisputeNotes order={details} />}
        </OrderFulfilmentDialog>
        <Snackbar
          open={refunded !== null}
          autoHideDuration={5000}
          onClose={() => setRefunded(null)}
          message={refunded}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        />
        <Snackbar
          open={copied !== null}
          autoHideDuration={2000}
          onClose={() => setCopied(null)}
          message={copied === false ? 'Could not copy: the browser refused.' : 'Copied'}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        />
      </CardContent>
    </Card>
  );
}
