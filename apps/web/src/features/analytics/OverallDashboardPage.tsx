import { useState } from 'react';
import { type Range, useCount } from './api';
import { Cards, ChartGrid, DashboardFrame, RangeFilter, StatCard } from './components';
import { SalesReports } from './reports';
import { COLORS } from './series';
import { AgeChart, CountryChart, DailyRegistrationsChart, DauChart, GrowthChart } from './widgets';

/** /mlg/admin/dashboard: spec "Admin dashboards" 1. */
export default function OverallDashboardPage() {
  const [range, setRange] = useState<Range | null>(null);
  return (
    <DashboardFrame title="Overall Dashboard">
      <Cards>
        <StatCard
          label="Overall Caliber Registrations"
          value={useCount('/api/caliber-total-count', 'total_caliber_registrations')}
          color={COLORS.caliber}
        />
        <StatCard
          label="Overall Yggdra Registrations"
          value={useCount('/api/yggdra-total-count', 'total_yggdra_registrations')}
          color={COLORS.yggdra}
        />
        <StatCard
          label="Caliber Registrations Today"
          value={useCount('/api/caliber-total-count-today', 'total_caliber_registrations_today')}
          color={COLORS.caliber}
        />
        <StatCard
          label="Yggdra Registrations Today"
          value={useCount('/api/yggdra-total-count-today', 'total_yggdra_registrations_today')}
          color={COLORS.yggdra}
        />
      </Cards>
      <RangeFilter title="Daily Registration Filter" onApply={setRange} />
      <ChartGrid>
        <DailyRegistrationsChart game="caliber" range={range} />
        <DailyRegistrationsChart game="yggdra" range={range} />
        <AgeChart range={range} max={1000} />
        <CountryChart range={range} />
        <GrowthChart games={['caliber', 'yggdra']} range={range} title="Daily Growth Percentage Comparison" />
        <DauChart
          path="/api/tr-daily-active-users"
          title="Tales Runner Daily Active Users"
          color={COLORS.talesrunner}
          range={range}
        />
      </ChartGrid>
      <SalesReports game="talesrunner" range={range} />
    </DashboardFrame>
  );
}
