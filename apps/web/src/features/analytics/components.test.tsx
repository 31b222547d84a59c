import { ThemeProvider } from '@mui/material/styles';
import { MESSAGES } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  destroyIntersectionMocking,
  mockAllIsIntersecting,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '../../shell/theme';
import { jsonResponse, renderRoutes, renderWithQueryClient } from '../../test/render';
import type { DashboardChartOptions } from './charts';
import { RegistrationDashboard } from './components';
import { localToday } from './series';
import { AgeChart, DailyRegistrationsChart, GrowthChart, MetricChart } from './widgets';

// jsdom has no canvas: record the options each chart would hand to Chart.js instead.
const drawn = vi.hoisted(() => new Map<string, DashboardChartOptions>());
type DrawnData = { labels: string[]; datasets: { label: string; data: (number | null)[] }[] };
const drawnData = vi.hoisted(() => new Map<string, DrawnData>());
vi.mock('react-chartjs-2', () => {
  const Chart = (props: { 'aria-label': string; options: DashboardChartOptions; data: DrawnData }) => {
    drawn.set(props['aria-label'], props.options);
    drawnData.set(props['aria-label'], props.data);
    return null;
  };
  return { Bar: Chart, Line: Chart };
});

const CALIBER_DAILY = {
  registrations: [
    { registration_date: '2026-11-01', registrations_per_day: 1 },
    { registration_date: '2026-11-02', registrations_per_day: 2 },
  ],
};
const REPLIES: Record<string, unknown> = {
  '/api/caliber-daily-registration-count': CALIBER_DAILY,
  '/api/age-distribution': [
    { age: 25, count: 3 },
    { age: 31, count: 1 },
  ],
};

let urls: string[];
beforeEach(() => {
  urls = [];
  drawn.clear();
  drawnData.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return jsonResponse(REPLIES[url.split('?')[0] ?? ''] ?? []);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dark = createAppTheme('dark', 'primary');
const renderDark = (ui: ReactNode) => renderWithQueryClient(<ThemeProvider theme={dark}>{ui}</ThemeProvider>);
const yAxis = (title: string) => drawn.get(title)?.scales?.y;
/** Waits until the chart titled `title` is drawn: its canvas loads with the first chart (decision 0089). */
const chartDrawn = (title: string) => waitFor(() => expect(drawn.has(title)).toBe(true));

describe('dashboard charts', () => {
  it('count axes have whole-number ticks in the theme colours; growth keeps decimals', async () => {
    renderDark(
      <>
        <DailyRegistrationsChart game="caliber" range={null} />
        <GrowthChart games={['caliber']} range={null} title="Daily Growth Percentage" />
      </>,
    );
    await waitFor(() => expect(urls).toContain('/api/caliber-daily-registration-count'));
    await chartDrawn('Caliber Daily Registrations');
    await chartDrawn('Daily Growth Percentage');
    const daily = drawn.get('Caliber Daily Registrations');
    expect(daily?.color).toBe(dark.palette.text.secondary);
    expect(daily?.scales?.x?.grid?.color).toBe(dark.palette.divider);
    expect(yAxis('Caliber Daily Registrations')?.ticks).toMatchObject({
      precision: 0,
      color: dark.palette.text.secondary,
    });
    expect(yAxis('Daily Growth Percentage')?.ticks).not.toHaveProperty('precision');
  });

  it('draws a chart once its card nears the screen, with its title and data there before', async () => {
    setupIntersectionMocking(vi.fn);
    try {
      renderDark(<DailyRegistrationsChart game="caliber" range={null} />);
      const card = screen.getByTestId('chart-Caliber Daily Registrations');
      expect(within(card).getByRole('heading', { name: 'Caliber Daily Registrations' })).toBeInTheDocument();
      await waitFor(() => expect(urls).toContain('/api/caliber-daily-registration-count'));
      await waitFor(() =>
        expect(card.querySelector('[data-points]')).not.toHaveAttribute('data-points', '0'),
      );
      expect(drawn.has('Caliber Daily Registrations')).toBe(false);

      act(() => mockAllIsIntersecting(true));
      await chartDrawn('Caliber Daily Registrations');
      expect(drawnData.get('Caliber Daily Registrations')?.datasets[0]?.data.slice(0, 2)).toEqual([1, 2]);
    } finally {
      destroyIntersectionMocking();
    }
  });

  it('report charts of people use whole-number ticks, percentage reports do not', async () => {
    const series = [{ key: 'n', label: 'N', color: '#000' }];
    renderDark(
      <>
        <MetricChart
          title="Buyers"
          game="Caliber"
          report="buyingUsers"
          x="date"
          series={series}
          range={null}
          count
        />
        <MetricChart
          title="Churn %"
          game="Caliber"
          report="churnRate"
          x="date"
          series={series}
          range={null}
          percent
        />
      </>,
    );
    await chartDrawn('Buyers');
    await chartDrawn('Churn %');
    expect(yAxis('Buyers')?.ticks).toMatchObject({ precision: 0 });
    expect(yAxis('Churn %')?.ticks).not.toHaveProperty('precision');
    // A share of a whole runs 0–100 %, whatever the data, so a 2 % churn does not fill the chart.
    expect(yAxis('Churn %')).toMatchObject({ min: 0, max: 100 });
  });

  it('says under each title which game and range it covers', async () => {
    const series = [{ key: 'n', label: 'N', color: '#000' }];
    renderDark(
      <>
        <DailyRegistrationsChart game="caliber" range={{ fromDate: '2026-11-01', toDate: '2026-11-20' }} />
        <AgeChart range={null} max={1000} />
        <MetricChart
          title="CCU Today"
          game="Caliber"
          report="ccuToday"
          x="time"
          series={series}
          range={{ fromDate: '2026-11-01', toDate: '2026-11-20' }}
          ranged={false}
          window="today, by hour"
        />
      </>,
    );
    const scope = (title: string) => within(screen.getByTestId(`chart-${title}`)).getByTestId('chart-scope');
    expect(scope('Caliber Daily Registrations')).toHaveTextContent('Caliber · Nov 1, 2026 – Nov 20, 2026');
    expect(scope('Age Distribution')).toHaveTextContent('All games · all dates');
    expect(scope('CCU Today')).toHaveTextContent('Caliber · today, by hour');
  });

  it('scales the age axis down to small counts, with the spec min 0 and step 10', async () => {
    renderDark(<AgeChart range={null} max={1000} />);
    const card = screen.getByTestId('chart-Age Distribution');
    await waitFor(() => expect(card.querySelector('[data-points="2"]')).not.toBeNull());
    await chartDrawn('Age Distribution');
    expect(yAxis('Age Distribution')).toMatchObject({ min: 0, max: 10, ticks: { stepSize: 10 } });
  });
});

describe('empty and sparse charts', () => {
  it('says "No data for this range" over a chart with nothing to draw, and not over one with data', async () => {
    renderDark(
      <>
        <AgeChart range={null} max={1000} />
        <MetricChart
          title="Churn %"
          game="Caliber"
          report="churnRate"
          x="date"
          series={[{ key: 'n', label: 'N', color: '#000' }]}
          range={null}
        />
      </>,
    );
    const empty = screen.getByTestId('chart-Churn %');
    await waitFor(() =>
      expect(within(empty).getByRole('status')).toHaveTextContent('No data for this range'),
    );
    const ages = screen.getByTestId('chart-Age Distribution');
    await waitFor(() => expect(ages.querySelector('[data-points="2"]')).not.toBeNull());
    expect(within(ages).queryByText('No data for this range')).not.toBeInTheDocument();
  });

  it('draws real zeros without "No data", and leaves out the days after today', async () => {
    const today = localToday();
    const yesterday = localToday(new Date(Date.now() - 86_400_000));
    const tomorrow = localToday(new Date(Date.now() + 86_400_000));
    const zeros = { previous_active: 0, retained: 0, retention_rate: 0 };
    REPLIES['/api/getDailyActiveRetention/caliber'] = [
      { date: yesterday, ...zeros },
      { date: today, ...zeros },
      { date: tomorrow, ...zeros },
    ];
    try {
      renderDark(
        <MetricChart
          title="Retention %"
          game="Caliber"
          report="dailyActiveRetention"
          params={{ game: 'caliber' }}
          x="date"
          series={[{ key: 'retention_rate', label: 'Retention %', color: '#3949ab' }]}
          range={null}
          percent
        />,
      );
      const card = screen.getByTestId('chart-Retention %');
      await waitFor(() => expect(card.querySelector('[data-points="2"]')).not.toBeNull());
      expect(within(card).queryByText('No data for this range')).not.toBeInTheDocument();
    } finally {
      delete REPLIES['/api/getDailyActiveRetention/caliber'];
    }
  });

  it('the growth chart gives every day a value, an empty day included, on an axis from −100 % to +100 %', async () => {
    REPLIES['/api/caliber-daily-registration-count'] = {
      registrations: [
        { registration_date: '2026-11-01', registrations_per_day: 2 },
        { registration_date: '2026-11-02', registrations_per_day: 0 },
        { registration_date: '2026-11-03', registrations_per_day: 0 },
        { registration_date: '2026-11-04', registrations_per_day: 3 },
      ],
    };
    const yggdra = '/api/yggdra-daily-registration-count';
    // Yggdra's days start after a gap: the days between are drawn, not skipped.
    REPLIES[yggdra] = { registrations: [{ registration_date: '2026-11-07', registrations_per_day: 1 }] };
    try {
      renderDark(
        <GrowthChart games={['caliber', 'yggdra']} range={null} title="Daily Growth Percentage Comparison" />,
      );
      const card = screen.getByTestId('chart-Daily Growth Percentage Comparison');
      expect(card).toHaveTextContent('After a day with none: 0 % when still none, +100 % when some.');
      await waitFor(() => expect(card.querySelector('[data-points="7"]')).not.toBeNull());
      await chartDrawn('Daily Growth Percentage Comparison');
      const data = drawnData.get('Daily Growth Percentage Comparison')!;
      expect(data.labels).toEqual([
        'Nov 1, 2026',
        'Nov 2, 2026',
        'Nov 3, 2026',
        'Nov 4, 2026',
        'Nov 5, 2026',
        'Nov 6, 2026',
        'Nov 7, 2026',
      ]);
      expect(data.datasets.map((d) => d.data)).toEqual([
        [100, -100, 0, 100, -100, 0, 0],
        [0, 0, 0, 0, 0, 0, 100],
      ]);
      expect(yAxis('Daily Growth Percentage Comparison')).toMatchObject({
        suggestedMin: -100,
        suggestedMax: 100,
      });
      expect(within(card).queryByText('No data for this range')).not.toBeInTheDocument();
    } finally {
      REPLIES['/api/caliber-daily-registration-count'] = CALIBER_DAILY;
      delete REPLIES[yggdra];
    }
  });

  it('draws a missing day or week of a report as zero, not a line across the gap', async () => {
    REPLIES['/api/getWeeklyRevenue'] = [
      { week_start: '2026-10-05', orders: 1, revenue: 399 },
      { week_start: '2026-10-26', orders: 2, revenue: 848.1 },
    ];
    REPLIES['/api/buyingUsersList'] = [
      { date: '2026-10-01', buyers: 1, new_buyers: 1, returning_buyers: 0, orders: 1, revenue: 5 },
      { date: '2026-10-03', buyers: 2, new_buyers: 0, returning_buyers: 2, orders: 2, revenue: 9 },
    ];
    try {
      renderDark(
        <>
          <MetricChart
            title="Weekly Revenue"
            game="Yggdra"
            report="weeklyRevenue"
            x="week_start"
            series={[{ key: 'revenue', label: 'Net revenue (PHP)', color: '#000' }]}
            range={null}
            money
          />
          <MetricChart
            title="Buyers"
            game="Yggdra"
            report="buyingUsers"
            x="date"
            series={[{ key: 'buyers', label: 'Buyers', color: '#000' }]}
            range={null}
            count
          />
        </>,
      );
      await waitFor(() => expect(drawnData.get('Weekly Revenue')?.labels).toHaveLength(4));
      expect(drawnData.get('Weekly Revenue')?.datasets[0]?.data).toEqual([399, 0, 0, 848.1]);
      await waitFor(() => expect(drawnData.get('Buyers')?.labels).toHaveLength(3));
      expect(drawnData.get('Buyers')?.datasets[0]?.data).toEqual([1, 0, 2]);
      // Money axes name the currency.
      const y = yAxis('Weekly Revenue') as {
        title?: { text?: string };
        ticks?: { callback?: (v: number) => string };
      };
      expect(y.title?.text).toBe('Revenue (PHP)');
      expect(y.ticks?.callback?.(1500)).toBe('PHP 1,500');
    } finally {
      delete REPLIES['/api/getWeeklyRevenue'];
      delete REPLIES['/api/buyingUsersList'];
    }
  });
});

describe('RangeFilter', () => {
  const renderDashboard = () =>
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <RegistrationDashboard title="Caliber Dashboard" filterTitle="Filter" counts={[]}>
              {(range) => <DailyRegistrationsChart game="caliber" range={range} />}
            </RegistrationDashboard>
          ),
        },
      ],
      '/',
    );
  const setDates = (from: string, to: string) => {
    fireEvent.change(screen.getByLabelText('Date From:'), { target: { value: from } });
    fireEvent.change(screen.getByLabelText('Date To:'), { target: { value: to } });
  };
  const filter = () => fireEvent.click(screen.getByRole('button', { name: 'Filter' }));

  it('refuses a From after To with a message beside the filter and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderDashboard();
    await waitFor(() => expect(urls).toHaveLength(1));

    setDates('2026-11-21', '2026-11-01');
    filter();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.dateOrder);
    expect(screen.getByLabelText('Date To:')).toHaveAttribute('aria-invalid', 'true');
    expect(alert).not.toHaveBeenCalled();
    expect(urls).toHaveLength(1);

    setDates('2026-11-01', '2026-11-21');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    filter();
    await waitFor(() =>
      expect(urls.at(-1)).toBe('/api/caliber-daily-registration-count?fromDate=2026-11-01&toDate=2026-11-21'),
    );
  });

  it("keeps the spec's alert for a single date", () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderDashboard();
    setDates('2026-11-21', '');
    filter();
    expect(alert).toHaveBeenCalledWith(MESSAGES.bothDates);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the dashboard link row', () => {
  it('keeps the four dashboard links and reaches the rest of the back office and the logout', async () => {
    const router = renderRoutes(
      [
        {
          path: '/mlg/admin/caliberDashboard',
          element: (
            <RegistrationDashboard title="Caliber Dashboard" filterTitle="Filter" counts={[]}>
              {() => null}
            </RegistrationDashboard>
          ),
        },
        { path: '*', element: <p>elsewhere</p> },
      ],
      '/mlg/admin/caliberDashboard',
    );
    const dashboards = screen.getByRole('navigation', { name: 'Dashboards' });
    const hrefs = (nav: HTMLElement) =>
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs(dashboards)).toEqual([
      ['Overall', '/mlg/admin/dashboard'],
      ['Caliber', '/mlg/admin/caliberDashboard'],
      ['Yggdra', '/mlg/admin/yggdraDashboard'],
      ['Users', '/mlg/admin/allUsers'],
    ]);
    expect(within(dashboards).getByRole('link', { name: 'Caliber' })).toHaveAttribute('aria-current', 'page');
    const backOffice = screen.getByRole('navigation', { name: 'Back office' });
    expect(hrefs(backOffice)).toEqual([
      ['Yggdra Users', '/mlg/admin/yggdraUsers'],
      ['Caliber Users', '/mlg/admin/caliberUsers'],
      ['Referral Codes', '/mlg/admin/referralCodes'],
      ['Reports', '/mlg/admin/reports'],
      ['Appeals', '/mlg/admin/appeals'],
      ['Sanctions', '/mlg/admin/sanctions'],
      ['Developers', '/mlg/admin/developers'],
      ['Send Test Email', '/mlg/admin/send-email-blast'],
      ['Security', '/mlg/admin/security'],
      ['Sales Orders', '/mlg/admin/sales'],
      ['Games', '/mlg/admin/games'],
      ['Staff', '/mlg/admin/staff'],
      ['Audit Trail', '/mlg/admin/audit'],
      ['Logout', '/admin-logout'],
    ]);
    fireEvent.click(within(backOffice).getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-logout'));
  });
});
