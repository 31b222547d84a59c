import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contract';
import type { ChartData } from 'chart.js';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useInView } from 'react-intersection-observer';
import { NavLink } from 'react-router';
import { ADMIN_LOGOUT_PATH, ADMIN_PAGE_LINKS } from '../../shell/links';
import { PAGES } from '../../shell/pages';
import { useShownAfterFirstCommit } from '../../shell/reveal';
import { useStaffAccess } from '../../shell/staff-access';
import { useHideChrome } from '../../shell/ui-state';
import { type Range, useCount } from './api';
import { chartOptions, type DashboardChartOptions, visibleColor } from './charts';
import { COLORS, checkRange } from './series';

/** Chart.js draws the canvas; it loads with the first chart drawn, not with the page (decision 0089). */
const ChartCanvas = lazy(() => import('./chart-canvas'));

/** A dashboard screen: hides the shell's chrome and grey background while mounted (restored on leave). */
function DashboardFrame({ title, children }: { title: string; children: ReactNode }) {
  useHideChrome({ plainBackground: true });
  const staff = useStaffAccess();
  const links = [
    ['Overall', PAGES.dashboard.path],
    ['Caliber', PAGES.caliberDashboard.path],
    ['Yggdra', PAGES.yggdraDashboard.path],
    ['Users', PAGES.allUsers.path],
  ] as const;
  return (
    // A plain box: the shell's <main> already holds the screen (one main landmark per page).
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
          <Stack
            component="nav"
            aria-label="Dashboards"
            direction="row"
            spacing={1}
            sx={{ flexWrap: 'wrap' }}
          >
            {links.map(([label, to]) => (
              <Button key={to} component={NavLink} to={to} size="small" end>
                {label}
              </Button>
            ))}
          </Stack>
          {/* No side navigation here: the rest of the back office and the logout are one click away too. */}
          {/* On a phone a grid: where a row of links wrapped depended on their text's width, so a link moved to
              the next line when Open Sans replaced the fallback face (decision 0100). */}
          <Stack
            component="nav"
            aria-label="Back office"
            direction="row"
            sx={{
              display: { xs: 'grid', sm: 'flex' },
              gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
              flexWrap: 'wrap',
              columnGap: 1,
              justifyContent: { sm: 'flex-end' },
            }}
          >
            {ADMIN_PAGE_LINKS.filter((link) => staff.may(link.need)).map(({ label, to }) => (
              <Button key={to} component={NavLink} to={to} size="small" color="inherit" end>
                {label}
              </Button>
            ))}
            <Button component={NavLink} to={ADMIN_LOGOUT_PATH} size="small" color="error">
              Logout
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <Stack spacing={3}>{children}</Stack>
    </Box>
  );
}

function Cards({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // As many columns as cards fit, each row filled: three cards share a row, never leave a gap.
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

function StatCard({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card sx={{ borderLeft: `6px solid ${color}` }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`card-${label}`}>
          {value.toLocaleString('en-US')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The date filter of spec section 4: both dates reload the charts with the range, neither reloads them
 * unfiltered, one alone shows the spec's alert (window.alert, as the original). From after To is refused
 * with a message beside the filter and nothing is sent. Reset clears and reloads.
 */
function RangeFilter({ title, onApply }: { title: string; onApply: (range: Range | null) => void }) {
  const [fromDate, setFrom] = useState('');
  const [toDate, setTo] = useState('');
  const [reversed, setReversed] = useState(false);
  const errorId = `${useId()}-error`;
  const apply = () => {
    const check = checkRange(fromDate, toDate);
    if (check.kind === 'partial') {
      window.alert(MESSAGES.bothDates);
      return;
    }
    if (check.kind === 'reversed') {
      setReversed(true);
      return;
    }
    onApply(check.kind === 'range' ? { fromDate, toDate } : null);
  };
  const dateProps = {
    type: 'date',
    size: 'small',
    error: reversed,
    slotProps: {
      inputLabel: { shrink: true },
      htmlInput: reversed ? { 'aria-describedby': errorId } : {},
    },
  } as const;
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextField
            label="Date From:"
            value={fromDate}
            onChange={(e) => {
              setFrom(e.target.value);
              setReversed(false);
            }}
            {...dateProps}
          />
          <TextField
            label="Date To:"
            value={toDate}
            onChange={(e) => {
              setTo(e.target.value);
              setReversed(false);
            }}
            {...dateProps}
          />
          <Button type="submit" variant="contained">
            Filter
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              setFrom('');
              setTo('');
              setReversed(false);
              onApply(null);
            }}
          >
            Reset
          </Button>
        </Stack>
        {reversed && (
          <Typography id={errorId} role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
            {MESSAGES.dateOrder}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

type CountGame = 'caliber' | 'yggdra';
type CountPeriod = 'total' | 'month' | 'today';
const COUNT_NAME: Record<CountGame, string> = { caliber: 'Caliber', yggdra: 'Yggdra' };
/** Per period: the card's label, the path's suffix and the reply field's suffix (spec section 7). */
const COUNT_PERIOD: Record<
  CountPeriod,
  {
    label: (name: string) => string;
    report: 'TotalRegistrations' | 'RegistrationsThisMonth' | 'RegistrationsToday';
    field: string;
  }
> = {
  total: { label: (name) => `Overall ${name} Registrations`, report: 'TotalRegistrations', field: '' },
  month: {
    label: (name) => `${name} Registrations This Month`,
    report: 'RegistrationsThisMonth',
    field: '_for_this_month',
  },
  today: { label: (name) => `${name} Registrations Today`, report: 'RegistrationsToday', field: '_today' },
};

/** A registration count card: the game's registrations overall, this month or today. */
function RegistrationCountCard({ game, period }: { game: CountGame; period: CountPeriod }) {
  const { label, report, field } = COUNT_PERIOD[period];
  const value = useCount(`${game}${report}`, `total_${game}_registrations${field}`);
  return <StatCard label={label(COUNT_NAME[game])} value={value} color={COLORS[game]} />;
}

/**
 * The shape every registration dashboard shares: count cards, the date filter, then whatever the page
 * draws for the chosen range (`null` = unfiltered).
 */
export function RegistrationDashboard({
  title,
  filterTitle,
  counts,
  children,
}: {
  title: string;
  filterTitle: string;
  counts: [CountGame, CountPeriod][];
  children: (range: Range | null) => ReactNode;
}) {
  const [range, setRange] = useState<Range | null>(null);
  // The charts below the cards and the filter are created after the page's first commit (decision 0090).
  const below = useShownAfterFirstCommit();
  return (
    <DashboardFrame title={title}>
      <Cards>
        {counts.map(([game, period]) => (
          <RegistrationCountCard key={`${game}-${period}`} game={game} period={period} />
        ))}
      </Cards>
      <RangeFilter title={filterTitle} onApply={setRange} />
      {below && children(range)}
    </DashboardFrame>
  );
}

export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

interface QueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Whether a chart has nothing to show: no point drawn at all. A 0 is a measurement, and is drawn. */
function isEmpty(data: ChartData<'bar' | 'line'>): boolean {
  return data.datasets.every((set) =>
    set.data.every((value) => value === null || value === undefined || Number.isNaN(value)),
  );
}

/** Each series in a shade that stands out from the theme's card. */
function visibleSeries(data: ChartData<'bar' | 'line'>, theme: Theme): ChartData<'bar' | 'line'> {
  const shade = (color: unknown) => (typeof color === 'string' ? visibleColor(color, theme) : color);
  return {
    ...data,
    datasets: data.datasets.map((set) => ({
      ...set,
      borderColor: shade(set.borderColor),
      backgroundColor: shade(set.backgroundColor),
    })),
  } as ChartData<'bar' | 'line'>;
}

/**
 * A chart in a card. While loading a thin bar shows; when the call failed the chart is drawn empty with
 * a small retry hint (instead of the original's silent console log); with nothing to draw, a note says so
 * over the bare axes (a 0 is data, not an empty chart). `scope` says under the title which game and range
 * the chart covers; `note` explains how it is drawn. Every series is shaded to stand out in either theme.
 */
export function ChartCard({
  title,
  state,
  type,
  data,
  options,
  chartKey,
  scope,
  note,
}: {
  title: string;
  /** The game(s) and range covered (`scopeLabel`). */
  scope: string;
  state: QueryState;
  type: 'bar' | 'line';
  data: ChartData<'bar' | 'line'>;
  options?: DashboardChartOptions;
  /** Changes with the filter: the chart is re-created, as the spec says. */
  chartKey: string;
  note?: string;
}) {
  const theme = useTheme();
  const shown = visibleSeries(
    state.isError ? { ...data, labels: [], datasets: data.datasets.map((d) => ({ ...d, data: [] })) } : data,
    theme,
  );
  const merged = chartOptions(theme, options);
  // The chart is drawn once its card nears the screen: Chart.js measures and draws each chart on the main
  // thread, most of a dashboard's start on a phone (decision 0081). The card, its title, its data and its
  // empty note are there at once; a browser without IntersectionObserver draws every chart at once.
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: '300px 0px', fallbackInView: true });
  return (
    <Card component="section" aria-label={title} data-testid={`chart-${title}`}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="chart-scope" sx={{ mb: 1 }}>
          {scope}
        </Typography>
        <Box sx={{ height: 4 }}>{state.isPending && <LinearProgress aria-label={`Loading ${title}`} />}</Box>
        <Box ref={ref} sx={{ position: 'relative', height: 300 }} data-points={data.labels?.length ?? 0}>
          {inView && (
            // Nothing in its place while Chart.js loads: the card keeps its height, the bar above says loading.
            <Suspense fallback={null}>
              <ChartCanvas key={chartKey} type={type} data={shown} options={merged} title={title} />
            </Suspense>
          )}
          {!state.isPending && !state.isError && isEmpty(data) && (
            <Typography
              role="status"
              color="text.secondary"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                pointerEvents: 'none',
              }}
            >
              No data for this range
            </Typography>
          )}
        </Box>
        {note && (
          <Typography variant="caption" color="text.secondary" component="p">
            {note}
          </Typography>
        )}
        {state.isError && (
          <Typography variant="caption" color="text.secondary" role="status">
            Could not load this chart.{' '}
            <Button size="small" onClick={() => state.refetch()}>
              Retry
            </Button>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
