import { useState } from 'react';
import { type Range, useCount } from './api';
import { Cards, ChartGrid, DashboardFrame, RangeFilter, StatCard } from './components';
import { PlayReports } from './reports';
import { COLORS } from './series';
import {
  AgeChart,
  DailyRegistrationsChart,
  DauChart,
  DownloadsChart,
  GrowthChart,
  MonthlyRegistrationChart,
  ReferralTotalsChart,
  UsersPerWeekdayChart,
  WeeklyRegistrationChart,
} from './widgets';

/** /mlg/admin/caliberDashboard: spec "Admin dashboards" 2. */
export default function CaliberDashboardPage() {
  const [range, setRange] = useState<Range | null>(null);
  return (
    <DashboardFrame title="Caliber Dashboard">
      <Cards>
        <StatCard
          label="Overall Caliber Registrations"
          value={useCount('/api/caliber-total-count', 'total_caliber_registrations')}
          color={COLORS.caliber}
        />
        <StatCard
          label="Caliber Registrations This Month"
          value={useCount(
            '/api/caliber-total-count-this-month',
            'total_caliber_registrations_for_this_month',
          )}
          color={COLORS.caliber}
        />
        <StatCard
          label="Caliber Registrations Today"
          value={useCount('/api/caliber-total-count-today', 'total_caliber_registrations_today')}
          color={COLORS.caliber}
        />
      </Cards>
      <RangeFilter title="Caliber Daily Registration Filter" onApply={setRange} />
      <ChartGrid>
        <DailyRegistrationsChart game="caliber" range={range} />
        <DauChart
          path="/api/daily-active-users"
          title="Daily Active Users"
          color={COLORS.dau}
          range={range}
        />
        <DownloadsChart range={range} />
        <GrowthChart games={['caliber']} range={range} title="Daily Growth Percentage" />
        <AgeChart game="caliber" range={range} max={100} />
        <WeeklyRegistrationChart range={range} />
        <MonthlyRegistrationChart range={range} />
        <UsersPerWeekdayChart unit="week" range={range} />
        <UsersPerWeekdayChart unit="month" range={range} />
        <ReferralTotalsChart range={range} />
      </ChartGrid>
      <PlayReports range={range} />
    </DashboardFrame>
  );
}
