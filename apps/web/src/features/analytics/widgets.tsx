import {
  analyticsEndpoints,
  type MonthlyUsersPerDayRow,
  WEEKDAYS,
  type WeeklyUsersPerDayRow,
} from '@portal/contract';
import { type ComponentProps, useMemo } from 'react';
import type { z } from 'zod';
import {
  type AnalyticsReport,
  type Range,
  type ReportEndpoint,
  type ReportParams,
  useReport,
  useSeries,
} from './api';
import { COUNT_AXIS, GROWTH_AXIS, MONEY_AXIS, PERCENT_AXIS } from './charts';
import { ChartCard } from './components';
import {
  ageAxis,
  COLORS,
  continuousDays,
  dailyGrowth,
  dayLabel,
  downloadsOf,
  fillGaps,
  monthLabel,
  randomHexColor,
  scopeLabel,
  totalsBy,
  untilToday,
  weeklyPercentages,
} from './series';

type Game = 'caliber' | 'yggdra';
const keyOf = (range: Range | null) => (range ? `${range.fromDate}_${range.toDate}` : 'all');
const LABEL: Record<Game, string> = { caliber: 'Caliber', yggdra: 'Yggdra' };
/** The games a chart without a game of its own counts. */
const ALL_GAMES = 'All games';

type QueryState = ComponentProps<typeof ChartCard>['state'];

/** A bar chart of one dataset (a count axis unless `y` says otherwise), re-created when the range changes. */
function SingleBarChart({
  title,
  state,
  range,
  labels,
  label,
  values,
  color,
  scope,
  y = COUNT_AXIS,
}: {
  title: string;
  scope: string;
  state: QueryState;
  range: Range | null;
  labels: string[];
  label: string;
  values: number[];
  color: string;
  y?: object;
}) {
  return (
    <ChartCard
      title={title}
      scope={scope}
      state={state}
      type="bar"
      chartKey={keyOf(range)}
      data={{ labels, datasets: [{ label, data: values, backgroundColor: color }] }}
      options={{ scales: { y } }}
    />
  );
}

function useDailyRegistrations(game: Game, range: Range | null) {
  return useSeries(
    game === 'caliber'
      ? analyticsEndpoints.caliberDailyRegistrations
      : analyticsEndpoints.yggdraDailyRegistrations,
    range,
  );
}

export function DailyRegistrationsChart({ game, range }: { game: Game; range: Range | null }) {
  const q = useDailyRegistrations(game, range);
  const rows = untilToday(q.data?.registrations ?? [], (r) => r.registration_date);
  return (
    <SingleBarChart
      title={`${LABEL[game]} Daily Registrations`}
      scope={scopeLabel(LABEL[game], range)}
      state={q}
      range={range}
      labels={rows.map((r) => dayLabel(r.registration_date))}
      label="Registrations"
      values={rows.map((r) => r.registrations_per_day)}
      color={COLORS[game]}
    />
  );
}

/** Daily growth percentage, one series per game, over the union of the games' days. */
export function GrowthChart({ games, range, title }: { games: Game[]; range: Range | null; title: string }) {
  const caliber = useDailyRegistrations('caliber', range);
  const yggdra = useDailyRegistrations('yggdra', range);
  const queries = { caliber, yggdra };
  const used = games.map((g) => queries[g]);
  // Every day of the union of the games' days, so two games with different days still line up, and a day
  // with no registrations in either is drawn (at its growth), never skipped.
  const days = untilToday(
    continuousDays(used.flatMap((q) => (q.data?.registrations ?? []).map((r) => r.registration_date))),
    (day) => day,
  );
  const datasets = games.map((g) => {
    const byDay = new Map(
      (queries[g].data?.registrations ?? []).map((r) => [r.registration_date, r.registrations_per_day]),
    );
    return {
      label: `${LABEL[g]} growth %`,
      data: dailyGrowth(days, (day) => byDay.get(day) ?? 0),
      borderColor: COLORS[g],
      backgroundColor: COLORS[g],
    };
  });
  const state = {
    isPending: used.some((q) => q.isPending),
    isError: used.every((q) => q.isError),
    refetch: () => {
      for (const q of used) q.refetch();
    },
  };
  return (
    <ChartCard
      title={title}
      scope={scopeLabel(games.map((g) => LABEL[g]).join(' and '), range)}
      state={state}
      type="line"
      chartKey={keyOf(range)}
      data={{ labels: days.map(dayLabel), datasets }}
      options={{ scales: { y: GROWTH_AXIS } }}
      note="Each day against the day before. After a day with none: 0 % when still none, +100 % when some."
    />
  );
}

export function AgeChart({ game, range, max }: { game?: Game; range: Range | null; max: 100 | 1000 }) {
  const q = useSeries(
    game ? analyticsEndpoints.gameAgeDistribution : analyticsEndpoints.ageDistribution,
    range,
    {},
    game ? { game } : undefined,
  );
  const rows = q.data ?? [];
  const counts = rows.map((r) => r.count);
  return (
    <SingleBarChart
      title="Age Distribution"
      scope={scopeLabel(game ? LABEL[game] : ALL_GAMES, range)}
      state={q}
      range={range}
      labels={rows.map((r) => String(r.age))}
      label="Players"
      values={counts}
      color={game ? COLORS[game] : COLORS.neutral}
      y={ageAxis(max, counts)}
    />
  );
}

export function CountryChart({ game, range }: { game?: Game; range: Range | null }) {
  const q = useSeries(analyticsEndpoints.countryDistribution, range, game ? { game } : {});
  const rows = q.data ?? [];
  return (
    <SingleBarChart
      title="User Count by Country"
      scope={scopeLabel(game ? LABEL[game] : ALL_GAMES, range)}
      state={q}
      range={range}
      labels={rows.map((r) => r.country || 'Unknown')}
      label="Players"
      values={rows.map((r) => r.country_count)}
      color={game ? COLORS[game] : COLORS.neutral}
    />
  );
}

/** The daily active users series: Caliber's, and Tales Runner's. */
type DauReport = 'dailyActiveUsers' | 'talesRunnerDailyActiveUsers';
/** Which game each daily-active-users series counts (lib/analytics routes on the server). */
const DAU_GAME: Record<DauReport, string> = {
  dailyActiveUsers: 'Caliber',
  talesRunnerDailyActiveUsers: 'Tales Runner',
};

export function DauChart({
  report,
  title,
  color,
  range,
}: {
  report: DauReport;
  title: string;
  color: string;
  range: Range | null;
}) {
  const q = useSeries(analyticsEndpoints[report], range);
  const rows = untilToday(q.data ?? [], (r) => r.activity_date);
  return (
    <SingleBarChart
      title={title}
      scope={scopeLabel(DAU_GAME[report], range)}
      state={q}
      range={range}
      labels={rows.map((r) => dayLabel(r.activity_date))}
      label="Active users"
      values={rows.map((r) => r.user_count)}
      color={color}
    />
  );
}

export function DownloadsChart({ range }: { range: Range | null }) {
  const q = useSeries(analyticsEndpoints.gameDownloads, range);
  const rows = untilToday(q.data ?? [], (r) => r.date);
  return (
    <SingleBarChart
      title="Daily Game Downloads"
      scope={scopeLabel('Caliber', range)}
      state={q}
      range={range}
      labels={rows.map((r) => dayLabel(r.date))}
      label="Downloads"
      values={rows.map((r) => downloadsOf(r.download_ids))}
      color={COLORS.downloads}
    />
  );
}

/** Weekly registrations; each label carries the week's share of all weeks shown. */
export function WeeklyRegistrationChart({ range }: { range: Range | null }) {
  const q = useSeries(analyticsEndpoints.weeklyRegistrationCount, range, {}, { game: 'caliber' });
  const rows = q.data?.weekly_registrations ?? [];
  const shares = weeklyPercentages(rows.map((r) => r.registrations));
  return (
    <SingleBarChart
      title="Weekly Registration"
      scope={scopeLabel('Caliber', range)}
      state={q}
      range={range}
      labels={rows.map((r, i) => `${dayLabel(r.week_start)} (${shares[i]!.toFixed(2)}%)`)}
      label="Registrations"
      values={rows.map((r) => r.registrations)}
      color={COLORS.caliber}
    />
  );
}

export function MonthlyRegistrationChart({ range }: { range: Range | null }) {
  const q = useSeries(analyticsEndpoints.monthlyRegistrations, range, {}, { game: 'caliber' });
  const rows = q.data ?? [];
  return (
    <SingleBarChart
      title="Monthly Registration"
      scope={scopeLabel('Caliber', range)}
      state={q}
      range={range}
      labels={rows.map((r) => monthLabel(r.month_start))}
      label="Registrations"
      values={rows.map((r) => r.registrations)}
      color={COLORS.caliber}
    />
  );
}

/** One line per week (or month) across Monday..Sunday, each in a random colour. */
export function UsersPerWeekdayChart({ unit, range }: { unit: 'week' | 'month'; range: Range | null }) {
  const endpoint: ReportEndpoint<z.ZodType<(WeeklyUsersPerDayRow | MonthlyUsersPerDayRow)[]>> =
    unit === 'week' ? analyticsEndpoints.weeklyUsersPerDay : analyticsEndpoints.monthlyUsersPerDay;
  const q = useSeries(endpoint, range, {}, { game: 'caliber' });
  const rows = q.data ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: new colours only when the data changes
  const colors = useMemo(() => rows.map(() => randomHexColor()), [q.data]);
  return (
    <ChartCard
      title={unit === 'week' ? 'Weekly Users per Day' : 'Monthly Users per Day'}
      scope={scopeLabel(
        'Caliber',
        range,
        range ? undefined : unit === 'week' ? 'the last 4 weeks' : 'the last 3 months',
      )}
      state={q}
      type="line"
      chartKey={keyOf(range)}
      data={{
        labels: [...WEEKDAYS],
        datasets: rows.map((r, i) => ({
          label: 'week_start' in r ? `Week of ${dayLabel(r.week_start)}` : monthLabel(r.month),
          data: WEEKDAYS.map((d) => r.data[d] ?? 0),
          borderColor: colors[i],
          backgroundColor: colors[i],
        })),
      }}
      options={{ scales: { y: COUNT_AXIS } }}
    />
  );
}

/** Registrations per referral code. */
function ReferralCodeTotals({
  game,
  state,
  range,
  rows,
}: {
  game: Game;
  state: QueryState;
  range: Range | null;
  rows: { code: string; total: number }[];
}) {
  return (
    <SingleBarChart
      title="Referral Code Totals"
      scope={scopeLabel(LABEL[game], range)}
      state={state}
      range={range}
      labels={rows.map((r) => r.code)}
      label="Registrations"
      values={rows.map((r) => r.total)}
      color={COLORS.referralTotals}
    />
  );
}

export function ReferralTotalsChart({ range }: { range: Range | null }) {
  const q = useSeries(analyticsEndpoints.caliberReferralTotals, range);
  const rows = (q.data ?? []).map((r) => ({ code: r.referral_code, total: r.total_count }));
  return <ReferralCodeTotals game="caliber" state={q} range={range} rows={rows} />;
}

/** Daily registrations with a referral code (all codes summed per day), and totals per code. */
export function DailyReferralsCharts({ game, range }: { game: Game; range: Range | null }) {
  const q = useSeries(analyticsEndpoints.dailyReferrals, range, { game });
  const rows = q.data ?? [];
  const perDay = totalsBy(
    untilToday(rows, (r) => r.registration_date),
    (r) => r.registration_date,
    (r) => r.daily_registration_count,
  ).sort((a, b) => a.key.localeCompare(b.key));
  const perCode = totalsBy(
    rows,
    (r) => r.referral_code,
    (r) => r.daily_registration_count,
  );
  return (
    <>
      <SingleBarChart
        title="Daily Referral Registrations"
        scope={scopeLabel(LABEL[game], range)}
        state={q}
        range={range}
        labels={perDay.map((r) => dayLabel(r.key))}
        label="With a referral code"
        values={perDay.map((r) => r.total)}
        color={COLORS.dailyReferrals}
      />
      <ReferralCodeTotals
        game={game}
        state={q}
        range={range}
        rows={perCode.map((r) => ({ code: r.key, total: r.total }))}
      />
    </>
  );
}

/** A row of the extra reports: an x value and named numbers; a snapshot report answers a single row. */
type Row = Record<string, unknown>;
/**
 * A chart of one of the extra reports (docs/analytics.md): x from `x`, one dataset per series key.
 * `ranged` false for the reports with a fixed window (CCU today, last 7 days); `count` for a y axis of
 * people or orders (whole-number ticks), `money` for one of revenue (it names the currency). A series by day
 * (`xFormat` 'day'; by week when `x` is `week_start`) draws a missing day or week as zero.
 */
export function MetricChart({
  title,
  report,
  params,
  x,
  series,
  range,
  type = 'line',
  extra = {},
  ranged = true,
  xFormat = 'day',
  xLabel,
  count = false,
  percent = false,
  money = false,
  game,
  window,
}: {
  title: string;
  /** The game the report counts, as its scope says. */
  game: string;
  /** A fixed window instead of the range ('today, by hour'); with `ranged` false. */
  window?: string;
  /** A y axis in percent of a whole: 0–100 %. */
  percent?: boolean;
  /** A y axis of money, in the shop's currency. */
  money?: boolean;
  report: AnalyticsReport;
  /** The game of a per-game report (`/:game`). */
  params?: ReportParams;
  x: string;
  series: { key: string; label: string; color: string }[];
  range: Range | null;
  type?: 'bar' | 'line';
  extra?: Record<string, string>;
  ranged?: boolean;
  xFormat?: 'day' | 'month' | 'raw';
  xLabel?: (row: Row) => string;
  count?: boolean;
}) {
  const endpoint: ReportEndpoint<z.ZodType<Row[] | Row>> = analyticsEndpoints[report];
  const q = useReport(endpoint, params, range, extra, ranged);
  const all: Row[] = Array.isArray(q.data) ? q.data : q.data ? [q.data] : [];
  const dayOf = (r: Row) => String(r[x]);
  const rows =
    xFormat === 'day'
      ? untilToday(
          fillGaps(all, dayOf, x === 'week_start' ? 7 : 1, (day) => ({ [x]: day })),
          dayOf,
        )
      : all;
  const label = (v: unknown) =>
    xFormat === 'day' ? dayLabel(String(v)) : xFormat === 'month' ? monthLabel(String(v)) : String(v);
  return (
    <ChartCard
      title={title}
      scope={scopeLabel(game, ranged ? range : null, window)}
      state={q}
      type={type}
      chartKey={keyOf(ranged ? range : null)}
      data={{
        labels: rows.map((r) => (xLabel ? xLabel(r) : label(r[x]))),
        datasets: series.map((s) => ({
          label: s.label,
          data: rows.map((r) => Number(r[s.key]) || 0),
          borderColor: s.color,
          backgroundColor: s.color,
        })),
      }}
      options={{
        scales: {
          y: count ? COUNT_AXIS : percent ? PERCENT_AXIS : money ? MONEY_AXIS : { beginAtZero: true },
        },
      }}
    />
  );
}
