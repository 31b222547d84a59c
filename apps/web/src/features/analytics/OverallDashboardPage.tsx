import { ChartGrid, RegistrationDashboard } from './components';
import { SalesReports } from './reports';
import { COLORS } from './series';
import { AgeChart, CountryChart, DailyRegistrationsChart, DauChart, GrowthChart } from './widgets';

/** /mlg/admin/dashboard: spec "Admin dashboards" 1. */
export default function OverallDashboardPage() {
  return (
    <RegistrationDashboard
      title="Overall Dashboard"
      filterTitle="Daily Registration Filter"
      counts={[
        ['caliber', 'total'],
        ['yggdra', 'total'],
        ['caliber', 'today'],
        ['yggdra', 'today'],
      ]}
    >
      {(range) => (
        <>
          <ChartGrid>
            <DailyRegistrationsChart game="caliber" range={range} />
            <DailyRegistrationsChart game="yggdra" range={range} />
            <AgeChart range={range} max={1000} />
            <CountryChart range={range} />
            <GrowthChart
              games={['caliber', 'yggdra']}
              range={range}
              title="Daily Growth Percentage Comparison"
            />
            <DauChart
              report="talesRunnerDailyActiveUsers"
              title="Tales Runner Daily Active Users"
              color={COLORS.talesrunner}
              range={range}
            />
          </ChartGrid>
          <SalesReports game="talesrunner" range={range} />
        </>
      )}
    </RegistrationDashboard>
  );
}
