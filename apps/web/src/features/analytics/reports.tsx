import Typography from '@mui/material/Typography';
import type { Range } from './api';
import { ChartGrid } from './components';
import { COLORS } from './series';
import { MetricChart } from './widgets';

/*
 * The reports the original client fetched without drawing (spec section 7), drawn here. Definitions of
 * each number are in docs/analytics.md.
 */

export function PlayReports({ range }: { range: Range | null }) {
  return (
    <section aria-label="Player activity reports">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Player Activity Reports
      </Typography>
      <ChartGrid>
        <MetricChart
          title="CCU and Active Users"
          path="/api/getCcuAndActiveUsers"
          x="date"
          range={range}
          series={[
            { key: 'peak_ccu', label: 'Peak CCU', color: '#e53935' },
            { key: 'active_users', label: 'Active users', color: COLORS.dau },
          ]}
        />
        <MetricChart
          title="CCU Today (by hour)"
          path="/api/getCCUDataToday"
          x="time"
          xFormat="raw"
          ranged={false}
          range={range}
          type="bar"
          series={[{ key: 'ccu', label: 'Peak CCU', color: '#e53935' }]}
        />
        <MetricChart
          title="CCU Last 7 Days"
          path="/api/getCCUDataWeekly"
          x="date"
          ranged={false}
          range={range}
          type="bar"
          series={[{ key: 'peak_ccu', label: 'Peak CCU', color: '#e53935' }]}
        />
        <MetricChart
          title="Monthly CCU"
          path="/api/getMonthlyCCU"
          x="month"
          xFormat="month"
          range={range}
          type="bar"
          series={[
            { key: 'peak_ccu', label: 'Peak CCU', color: '#e53935' },
            { key: 'average_daily_peak', label: 'Average daily peak', color: '#8e24aa' },
          ]}
        />
        <MetricChart
          title="Stickiness (DAU/MAU %)"
          path="/api/getStickinessReport"
          x="date"
          range={range}
          series={[{ key: 'stickiness', label: 'DAU/MAU %', color: '#00897b' }]}
        />
        <MetricChart
          title="Weekly Churn Rate %"
          path="/api/getChurnRateReport"
          x="week_start"
          range={range}
          series={[{ key: 'churn_rate', label: 'Churn %', color: '#6d4c41' }]}
        />
        <MetricChart
          title="MAU-based Churn %"
          path="/api/getMauBasedChurnReport"
          x="month_start"
          xFormat="month"
          range={range}
          type="bar"
          series={[{ key: 'churn_rate', label: 'Churn %', color: '#6d4c41' }]}
        />
        <MetricChart
          title="Weekly Retention %"
          path="/api/getWeeklyRetention/caliber"
          x="week_start"
          range={range}
          series={[{ key: 'retention_rate', label: 'Retention %', color: '#3949ab' }]}
        />
        <MetricChart
          title="Returning Users"
          path="/api/getReturningUsersRetention/caliber"
          x="date"
          range={range}
          type="bar"
          series={[
            { key: 'new_users', label: 'New', color: '#43a047' },
            { key: 'returning_users', label: 'Returning', color: '#1e88e5' },
          ]}
        />
        <MetricChart
          title="Daily Active Retention %"
          path="/api/getDailyActiveRetention/caliber"
          x="date"
          range={range}
          series={[{ key: 'retention_rate', label: 'Day-1 retention %', color: '#3949ab' }]}
        />
      </ChartGrid>
    </section>
  );
}

export function SalesReports({ game, range }: { game: 'yggdra' | 'talesrunner'; range: Range | null }) {
  const extra = { game };
  return (
    <section aria-label="Sales reports">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Sales Reports
      </Typography>
      <ChartGrid>
        <MetricChart
          title="Lifetime Value"
          path="/api/calculateLTV"
          x="game"
          xFormat="raw"
          extra={extra}
          range={range}
          type="bar"
          series={[
            { key: 'ltv', label: 'Revenue per registered player', color: '#00897b' },
            { key: 'arppu', label: 'Revenue per paying player', color: '#fb8c00' },
          ]}
        />
        <MetricChart
          title="Buying Users"
          path="/api/buyingUsersList"
          x="date"
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'buyers', label: 'Buyers', color: '#fb8c00' }]}
        />
        <MetricChart
          title="New Buying Users"
          path="/api/getNewBuyingUsers"
          x="date"
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'new_buyers', label: 'New buyers', color: '#43a047' }]}
        />
        <MetricChart
          title="Returning Buying Users"
          path="/api/getReturningBuyingUsers"
          x="date"
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'returning_buyers', label: 'Returning buyers', color: '#1e88e5' }]}
        />
        <MetricChart
          title="Weekly Revenue"
          path="/api/getWeeklyRevenue"
          x="week_start"
          extra={extra}
          range={range}
          series={[{ key: 'revenue', label: 'Revenue', color: '#00897b' }]}
        />
        <MetricChart
          title="Weekly Sales per Year"
          path="/api/getWeeklySalesPerYear"
          x="week"
          xLabel={(r) => `${r.year} W${String(r.week).padStart(2, '0')}`}
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'orders', label: 'Orders', color: '#5e35b1' }]}
        />
        <MetricChart
          title="Item Sales"
          path="/api/getItemSales"
          x="sku"
          xFormat="raw"
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'quantity', label: 'Quantity', color: '#f4511e' }]}
        />
        <MetricChart
          title="Purchase Retention %"
          path="/api/getPurchaseRetention"
          x="month_start"
          xFormat="month"
          extra={extra}
          range={range}
          type="bar"
          series={[{ key: 'retention_rate', label: 'Buyers again next month %', color: '#3949ab' }]}
        />
        <MetricChart
          title="Sales by Store Type"
          path="/api/sales/byStoreType"
          x="store_type"
          xFormat="raw"
          range={range}
          type="bar"
          series={[{ key: 'revenue', label: 'Revenue', color: '#00897b' }]}
        />
      </ChartGrid>
    </section>
  );
}
