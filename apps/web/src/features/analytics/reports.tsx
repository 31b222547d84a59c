import Typography from '@mui/material/Typography';
import { GAME_LABELS, SHOP_CURRENCY } from '@portal/contract';
import type { ComponentProps } from 'react';
import { useShownAfterFirstCommit } from '../../shell/reveal';
import type { Range } from './api';
import { ChartGrid } from './components';
import { COLORS } from './series';
import { MetricChart } from './widgets';

/*
 * The reports the original client fetched without drawing (spec section 7), drawn here. Definitions of
 * each number are in docs/analytics.md.
 */

type Report = Omit<ComponentProps<typeof MetricChart>, 'range' | 'extra' | 'game'>;

const RED = '#e53935';
const BROWN = '#6d4c41';
const INDIGO = '#3949ab';
const TEAL = '#00897b';

const PLAY_REPORTS: Report[] = [
  {
    title: 'CCU and Active Users',
    count: true,
    report: 'ccuAndActiveUsers',
    x: 'date',
    series: [
      { key: 'peak_ccu', label: 'Peak CCU', color: RED },
      { key: 'active_users', label: 'Active users', color: COLORS.dau },
    ],
  },
  {
    title: 'CCU Today (by hour)',
    count: true,
    report: 'ccuToday',
    x: 'time',
    xFormat: 'raw',
    ranged: false,
    window: 'today, by hour',
    type: 'bar',
    series: [{ key: 'ccu', label: 'Peak CCU', color: RED }],
  },
  {
    title: 'CCU Last 7 Days',
    count: true,
    report: 'ccuWeekly',
    x: 'date',
    ranged: false,
    window: 'the last 7 days',
    type: 'bar',
    series: [{ key: 'peak_ccu', label: 'Peak CCU', color: RED }],
  },
  {
    title: 'Monthly CCU',
    count: true,
    report: 'monthlyCcu',
    x: 'month',
    xFormat: 'month',
    type: 'bar',
    series: [
      { key: 'peak_ccu', label: 'Peak CCU', color: RED },
      { key: 'average_daily_peak', label: 'Average daily peak', color: '#8e24aa' },
    ],
  },
  {
    title: 'Stickiness (DAU/MAU %)',
    percent: true,
    report: 'stickiness',
    x: 'date',
    series: [{ key: 'stickiness', label: 'DAU/MAU %', color: TEAL }],
  },
  {
    title: 'Weekly Churn Rate %',
    percent: true,
    report: 'churnRate',
    x: 'week_start',
    series: [{ key: 'churn_rate', label: 'Churn %', color: BROWN }],
  },
  {
    title: 'MAU-based Churn %',
    percent: true,
    report: 'mauChurn',
    x: 'month_start',
    xFormat: 'month',
    type: 'bar',
    series: [{ key: 'churn_rate', label: 'Churn %', color: BROWN }],
  },
  {
    title: 'Weekly Retention %',
    percent: true,
    report: 'weeklyRetention',
    params: { game: 'caliber' },
    x: 'week_start',
    series: [{ key: 'retention_rate', label: 'Retention %', color: INDIGO }],
  },
  {
    title: 'Returning Users',
    count: true,
    report: 'returningUsersRetention',
    params: { game: 'caliber' },
    x: 'date',
    type: 'bar',
    series: [
      { key: 'new_users', label: 'New', color: '#43a047' },
      { key: 'returning_users', label: 'Returning', color: '#1e88e5' },
    ],
  },
  {
    title: 'Daily Active Retention %',
    percent: true,
    report: 'dailyActiveRetention',
    params: { game: 'caliber' },
    x: 'date',
    series: [{ key: 'retention_rate', label: 'Day-1 retention %', color: INDIGO }],
  },
];

/** Every sales report is asked for the dashboard's game (`?game=`). */
const SALES_REPORTS: Report[] = [
  {
    title: 'Lifetime Value',
    money: true,
    report: 'lifetimeValue',
    x: 'game',
    xFormat: 'raw',
    type: 'bar',
    series: [
      { key: 'ltv', label: `Net revenue per registered player (${SHOP_CURRENCY})`, color: TEAL },
      { key: 'arppu', label: `Net revenue per paying player (${SHOP_CURRENCY})`, color: '#fb8c00' },
    ],
  },
  {
    title: 'Buying Users',
    count: true,
    report: 'buyingUsers',
    x: 'date',
    type: 'bar',
    series: [{ key: 'buyers', label: 'Buyers', color: '#fb8c00' }],
  },
  {
    title: 'New Buying Users',
    count: true,
    report: 'newBuyingUsers',
    x: 'date',
    type: 'bar',
    series: [{ key: 'new_buyers', label: 'New buyers', color: '#43a047' }],
  },
  {
    title: 'Returning Buying Users',
    count: true,
    report: 'returningBuyingUsers',
    x: 'date',
    type: 'bar',
    series: [{ key: 'returning_buyers', label: 'Returning buyers', color: '#1e88e5' }],
  },
  {
    title: 'Weekly Revenue',
    money: true,
    report: 'weeklyRevenue',
    x: 'week_start',
    series: [{ key: 'revenue', label: `Net revenue (${SHOP_CURRENCY})`, color: TEAL }],
  },
  {
    title: 'Weekly Sales per Year',
    count: true,
    report: 'weeklySalesPerYear',
    x: 'week',
    xFormat: 'raw',
    xLabel: (r) => `${r.year} W${String(r.week).padStart(2, '0')}`,
    type: 'bar',
    series: [{ key: 'orders', label: 'Orders', color: '#5e35b1' }],
  },
  {
    title: 'Item Sales',
    count: true,
    report: 'itemSales',
    x: 'name',
    xFormat: 'raw',
    type: 'bar',
    series: [{ key: 'quantity', label: 'Quantity', color: '#f4511e' }],
  },
  {
    title: 'Purchase Retention %',
    percent: true,
    report: 'purchaseRetention',
    x: 'month_start',
    xFormat: 'month',
    type: 'bar',
    series: [{ key: 'retention_rate', label: 'Buyers again next month %', color: INDIGO }],
  },
  {
    title: 'Sales by Store Type',
    money: true,
    report: 'salesByStoreType',
    x: 'store_type',
    xFormat: 'raw',
    type: 'bar',
    series: [{ key: 'revenue', label: `Net revenue (${SHOP_CURRENCY})`, color: TEAL }],
  },
];

export function PlayReports({ range }: { range: Range | null }) {
  return (
    <section aria-label="Player activity reports">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Player Activity Reports
      </Typography>
      <ChartGrid>
        {PLAY_REPORTS.map((report) => (
          <MetricChart key={report.report} {...report} game="Caliber" range={range} />
        ))}
      </ChartGrid>
    </section>
  );
}

/** A game's sales; the heading names the game, as the overall dashboard shows Tales Runner's only. */
export function SalesReports({ game, range }: { game: 'yggdra' | 'talesrunner'; range: Range | null }) {
  // Below the registration charts: their cards are created after the page's first commit (decision 0090).
  const shown = useShownAfterFirstCommit();
  return (
    <section aria-label="Sales reports">
      <Typography variant="h5" component="h2">
        Sales Reports
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="sales-reports-scope">
        {GAME_LABELS[game]} only: the webshop orders of {GAME_LABELS[game]}.
      </Typography>
      {shown && (
        <ChartGrid>
          {SALES_REPORTS.map((report) => (
            <MetricChart
              key={report.report}
              {...report}
              game={GAME_LABELS[game]}
              extra={{ game }}
              range={range}
            />
          ))}
        </ChartGrid>
      )}
    </section>
  );
}
