import { useState } from 'react';
import { type Range, useCount } from './api';
import { Cards, ChartGrid, DashboardFrame, RangeFilter, StatCard } from './components';
import { SalesReports } from './reports';
import { COLORS } from './series';
import {
  AgeChart,
  CountryChart,
  DailyReferralsCharts,
  DailyRegistrationsChart,
  GrowthChart,
} from './widgets';

/** /mlg/admin/yggdraDashboard: spec "Admin dashboards" 3. */
export default function YggdraDashboardPage() {
  const [range, setRange] = useState<Range | null>(null);
  return (
    <DashboardFrame title="Yggdra Dashboard">
      <Cards>
        <StatCard
          label="Overall Yggdra Registrations"
          value={useCount('/api/yggdra-total-count', 'total_yggdra_registrations')}
          color={COLORS.yggdra}
        />
        <StatCard
          label="Yggdra Registrations This Month"
          value={useCount('/api/yggdra-total-count-this-month', 'total_yggdra_registrations_for_this_month')}
          color={COLORS.yggdra}
        />
        <StatCard
          label="Yggdra Registrations Today"
          value={useCount('/api/yggdra-total-count-today', 'total_yggdra_registrations_today')}
          color={COLORS.yggdra}
        />
      </Cards>
      <RangeFilter title="Yggdra Daily Registration Filter" onApply={setRange} />
      <ChartGrid>
        <DailyRegistrationsChart game="yggdra" range={range} />
        <AgeChart game="yggdra" range={range} max={1000} />
        <CountryChart game="yggdra" range={range} />
        <GrowthChart games={['yggdra']} range={range} title="Daily Growth Percentage" />
        <DailyReferralsCharts game="yggdra" range={range} />
      </ChartGrid>
      <SalesReports game="yggdra" range={range} />
    </DashboardFrame>
  );
}
