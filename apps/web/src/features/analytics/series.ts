import { formatDate, formatMonth } from '../../lib/format';

/** Chart colours of spec section 9. */
export const COLORS = {
  caliber: '#fec83c',
  yggdra: '#FF7043',
  referralTotals: '#42A5F5',
  dailyReferrals: '#66BB6A',
  downloads: '#2E8B57',
  dau: '#ffc83d',
  talesrunner: '#7E57C2',
  neutral: '#5e72e4',
} as const;

/**
 * Age axis of spec section 9: min 0, step 10, max 1000 (overall and Yggdra) or 100 (Caliber). The spec's
 * max is a ceiling: below it the axis ends at the step above the largest count, so small counts stay visible.
 */
export function ageAxis(max: 100 | 1000, counts: number[]) {
  const top = Math.max(10, Math.ceil(Math.max(0, ...counts) / 10) * 10);
  return { min: 0, max: Math.min(max, top), ticks: { stepSize: 10 } };
}

/** The YYYY-MM-DD day `days` after (or before, when negative) a day. */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Day-over-day growth in percent, to 2 decimals, of every day (docs/analytics.md, "growth"): (day - previous)
 * / previous * 100, where previous is the calendar day before. A day after a day with none is a real value
 * too: 0 % when it has none either (nothing changed), +100 % when it has some (up from nothing). So an empty
 * day after registrations is -100 %, the day after it 0 %, and registrations coming back +100 %: a gap never
 * hides a day and the chart can show growth as well as decline.
 */
export function dailyGrowth(days: string[], countOf: (day: string) => number): number[] {
  return days.map((day) => {
    const count = countOf(day);
    const previous = countOf(shiftDay(day, -1));
    if (previous === 0) return count === 0 ? 0 : 100;
    return Math.round(((count - previous) / previous) * 100 * 100) / 100;
  });
}

/** Every day from the first to the last of `days` (YYYY-MM-DD, any order), so a day without data is drawn. */
export function continuousDays(days: string[]): string[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const out: string[] = [];
  for (let day = sorted[0]!; day <= sorted[sorted.length - 1]!; day = shiftDay(day, 1)) out.push(day);
  return out;
}

/**
 * Rows of a series by day or by week (`step` 1 or 7 days), with a row made by `empty` for every day or week
 * missing between the first and the last: drawn as zero, not as a line straight across the gap.
 */
export function fillGaps<T>(
  rows: T[],
  dayOf: (row: T) => string,
  step: 1 | 7,
  empty: (day: string) => T,
): T[] {
  const sorted = [...rows].sort((a, b) => dayOf(a).localeCompare(dayOf(b)));
  const out: T[] = [];
  for (const row of sorted) {
    const previous = out[out.length - 1];
    if (previous !== undefined) {
      for (
        let day = shiftDay(dayOf(previous).slice(0, 10), step);
        day < dayOf(row).slice(0, 10);
        day = shiftDay(day, step)
      )
        out.push(empty(day));
    }
    out.push(row);
  }
  return out;
}

/** Each week's share of the sum of all weeks, in percent to 2 decimals (all 0 when the sum is 0). */
export function weeklyPercentages(counts: number[]): number[] {
  const sum = counts.reduce((a, b) => a + b, 0);
  return counts.map((count) => (sum === 0 ? 0 : Math.round((count / sum) * 100 * 100) / 100));
}

/**
 * What a chart covers, under its title (decision 0047): the game or games and the range, 'all dates'
 * unfiltered, or `window` for a report with a fixed one ('today by hour', 'the last 7 days').
 */
export function scopeLabel(
  games: string,
  range: { fromDate: string; toDate: string } | null,
  window?: string,
): string {
  const when = window ?? (range ? `${dayLabel(range.fromDate)} – ${dayLabel(range.toDate)}` : 'all dates');
  return `${games} · ${when}`;
}

/** Today as YYYY-MM-DD in the browser's calendar. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The rows of a daily series up to today: a range reaching past today would otherwise draw the days still
 * to come as 0, which reads as a collapse.
 */
export function untilToday<T>(rows: T[], dayOf: (row: T) => string, today = localToday()): T[] {
  return rows.filter((row) => dayOf(row).slice(0, 10) <= today);
}

/** US short date of a YYYY-MM-DD day: 'Feb 29, 2028'. */
export function dayLabel(day: string): string {
  return formatDate(day, day);
}

/** Long month and year of a YYYY-MM or YYYY-MM-DD value: 'November 2026'. */
export function monthLabel(month: string): string {
  return formatMonth(month, month);
}

/** The downloads number inside download_ids, a JSON string like '[{"downloads":12}]'; 0 when unreadable. */
export function downloadsOf(downloadIds: string): number {
  try {
    const parsed = JSON.parse(downloadIds) as unknown;
    const first = Array.isArray(parsed) ? (parsed[0] as { downloads?: unknown } | undefined) : undefined;
    const value = Number(first?.downloads);
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** A random colour '#rrggbb' for the weekday series (one per week or month). */
export function randomHexColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}

export type RangeCheck =
  | { kind: 'range'; fromDate: string; toDate: string }
  | { kind: 'none' }
  | { kind: 'partial' }
  | { kind: 'reversed' };

/**
 * Filter rule of spec section 4: both dates or neither; one alone is 'partial' (the alert). From after To is
 * 'reversed': the server refuses it (422), so it is stopped here.
 */
export function checkRange(fromDate: string, toDate: string): RangeCheck {
  if (fromDate && toDate) {
    // YYYY-MM-DD strings compare in date order.
    return fromDate > toDate ? { kind: 'reversed' } : { kind: 'range', fromDate, toDate };
  }
  if (!fromDate && !toDate) return { kind: 'none' };
  return { kind: 'partial' };
}

/** Sums rows per key (e.g. daily referral rows into totals per code). */
export function totalsBy<T>(
  rows: T[],
  key: (row: T) => string,
  value: (row: T) => number,
): { key: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + value(row));
  return [...totals]
    .map(([k, total]) => ({ key: k, total }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}
