import Box from '@mui/material/Box';
import { formatPrice, type OrderTotals } from '@portal/contract';

/**
 * What every order of the filter adds up to (the server sums the whole filter, not the page). Revenue is net:
 * partial refunds taken off, refunded and charged-back orders at nothing, as on the game dashboards.
 */
export function SalesTotals({ totals }: { totals: OrderTotals }) {
  const revenue = totals.revenue.map((r) => formatPrice(r.amount, r.currency));
  return (
    <Box
      component="dl"
      data-testid="sales-totals"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 2, sm: 4 },
        m: 0,
        mb: 2,
        '& dt': { typography: 'body2', color: 'text.secondary' },
        '& dd': { m: 0, typography: 'h6' },
      }}
    >
      <div>
        <dt>Orders</dt>
        <dd data-testid="sales-total-orders">{totals.orders.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Net revenue (after refunds and chargebacks)</dt>
        <dd data-testid="sales-revenue">
          {revenue.length === 0 ? '0.00' : revenue.map((line) => <div key={line}>{line}</div>)}
        </dd>
      </div>
    </Box>
  );
}
