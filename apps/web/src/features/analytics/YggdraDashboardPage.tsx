import { ChartGrid, RegistrationDashboard } from './components';
import { SalesReports } from './reports';
import {
  AgeChart,
  CountryChart,
  DailyReferralsCharts,
  DailyRegistrationsChart,
  GrowthChart,
} from './widgets';

/** /mlg/admin/yggdraDashboard: spec "Admin dashboards" 3. */
export default function YggdraDashboardPage() {
  return (
    <RegistrationDashboard
      title="Yggdra Dashboard"
      filterTitle="Yggdra Daily Registration Filter"
      counts={[
        ['yggdra', 'total'],
        ['yggdra', 'month'],
        ['yggdra', 'today'],
      ]}
    >
      {(range) => (
        <>
          <ChartGrid>
            <DailyRegistrationsChart game="yggdra" range={range} />
            <AgeChart game="yggdra" range={range} max={1000} />
            <CountryChart game="yggdra" range={range} />
            <GrowthChart games={['yggdra']} range={range} title="Daily Growth Percentage" />
            <DailyReferralsCharts game="yggdra" range={range} />
          </ChartGrid>
          <SalesReports game="yggdra" range={range} />
        </>
      )}
    </RegistrationDashboard>
  );
}
