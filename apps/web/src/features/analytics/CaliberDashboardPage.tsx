import { ChartGrid, RegistrationDashboard } from './components';
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
  return (
    <RegistrationDashboard
      title="Caliber Dashboard"
      filterTitle="Caliber Daily Registration Filter"
      counts={[
        ['caliber', 'total'],
        ['caliber', 'month'],
        ['caliber', 'today'],
      ]}
    >
      {(range) => (
        <>
          <ChartGrid>
            <DailyRegistrationsChart game="caliber" range={range} />
            <DauChart report="dailyActiveUsers" title="Daily Active Users" color={COLORS.dau} range={range} />
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
        </>
      )}
    </RegistrationDashboard>
  );
}
