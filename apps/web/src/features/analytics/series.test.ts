import { describe, expect, it } from 'vitest';
import {
  ageAxis,
  checkRange,
  continuousDays,
  dailyGrowth,
  dayLabel,
  downloadsOf,
  fillGaps,
  localToday,
  monthLabel,
  randomHexColor,
  scopeLabel,
  totalsBy,
  untilToday,
  weeklyPercentages,
} from './series';

describe('dailyGrowth', () => {
  const counts = (byDay: Record<string, number>) => (day: string) => byDay[day] ?? 0;

  it('compares each day with the calendar day before, to 2 decimals', () => {
    const byDay = { '2028-02-28': 3, '2028-02-29': 4, '2028-03-01': 2, '2028-03-02': 2, '2028-03-03': 5 };
    // 02-27 had none: up from nothing is +100 %.
    expect(dailyGrowth(Object.keys(byDay), counts(byDay))).toEqual([100, 33.33, -50, 0, 150]);
  });

  it('gives every day a value: an empty day after registrations -100 %, still none 0 %, back again +100 %', () => {
    const byDay = { '2028-01-01': 0, '2028-01-02': 5, '2028-01-03': 0, '2028-01-04': 0, '2028-01-05': 1 };
    expect(dailyGrowth(Object.keys(byDay), counts(byDay))).toEqual([0, 100, -100, 0, 100]);
    expect(dailyGrowth([], counts({}))).toEqual([]);
  });

  it('looks up the calendar day before even when days are missing from the list', () => {
    expect(dailyGrowth(['2028-03-01', '2028-03-05'], counts({ '2028-02-29': 2, '2028-03-01': 3 }))).toEqual([
      50, 0,
    ]);
  });
});

describe('continuousDays and fillGaps', () => {
  it('lists every day from the first to the last, across a leap day', () => {
    expect(continuousDays(['2028-03-01', '2028-02-27'])).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(continuousDays([])).toEqual([]);
  });

  it('adds an empty row for each missing day or week, so the gap is drawn as zero', () => {
    const day = (r: { d: string }) => r.d;
    const empty = (d: string) => ({ d, n: 0 });
    expect(
      fillGaps(
        [
          { d: '2028-03-01', n: 2 },
          { d: '2028-02-28', n: 1 },
        ],
        day,
        1,
        empty,
      ),
    ).toEqual([
      { d: '2028-02-28', n: 1 },
      { d: '2028-02-29', n: 0 },
      { d: '2028-03-01', n: 2 },
    ]);
    expect(
      fillGaps(
        [
          { d: '2028-02-28', n: 1 },
          { d: '2028-03-20', n: 4 },
        ],
        day,
        7,
        empty,
      ),
    ).toEqual([
      { d: '2028-02-28', n: 1 },
      { d: '2028-03-06', n: 0 },
      { d: '2028-03-13', n: 0 },
      { d: '2028-03-20', n: 4 },
    ]);
    expect(fillGaps([], day, 1, empty)).toEqual([]);
  });
});

describe('weeklyPercentages', () => {
  it('is each week over the sum of all weeks * 100', () => {
    expect(weeklyPercentages([1, 1, 2])).toEqual([25, 25, 50]);
    expect(weeklyPercentages([1, 2])).toEqual([33.33, 66.67]);
    expect(weeklyPercentages([0, 0])).toEqual([0, 0]);
  });
});

describe('labels', () => {
  it('formats days in US short form and months with the long name, leap day included', () => {
    expect(dayLabel('2028-02-29')).toBe('Feb 29, 2028');
    expect(dayLabel('2026-11-21')).toBe('Nov 21, 2026');
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2028-02-01')).toBe('February 2028');
  });
});

describe('ageAxis', () => {
  it('keeps the spec min 0 and step 10, ending at the step above the largest count', () => {
    expect(ageAxis(1000, [3, 1])).toEqual({ min: 0, max: 10, ticks: { stepSize: 10 } });
    expect(ageAxis(1000, [41, 7])).toEqual({ min: 0, max: 50, ticks: { stepSize: 10 } });
    expect(ageAxis(100, [])).toEqual({ min: 0, max: 10, ticks: { stepSize: 10 } });
  });
  it('never goes above the spec max (1000 overall and Yggdra, 100 Caliber)', () => {
    expect(ageAxis(100, [250]).max).toBe(100);
    expect(ageAxis(1000, [1000]).max).toBe(1000);
    expect(ageAxis(1000, [4321]).max).toBe(1000);
  });
});

describe('helpers', () => {
  it('reads downloads from the download_ids JSON string', () => {
    expect(downloadsOf('[{"downloads":12}]')).toBe(12);
    expect(downloadsOf('not json')).toBe(0);
    expect(downloadsOf('[]')).toBe(0);
  });
  it('checks the range rule: both, neither or partial', () => {
    expect(checkRange('2026-11-01', '2026-11-21')).toEqual({
      kind: 'range',
      fromDate: '2026-11-01',
      toDate: '2026-11-21',
    });
    expect(checkRange('', '')).toEqual({ kind: 'none' });
    expect(checkRange('2026-11-01', '')).toEqual({ kind: 'partial' });
    expect(checkRange('', '2026-11-01')).toEqual({ kind: 'partial' });
  });
  it('refuses a From after To (the server answers 422), but takes a single day', () => {
    expect(checkRange('2026-11-21', '2026-11-01')).toEqual({ kind: 'reversed' });
    expect(checkRange('2026-11-21', '2026-11-21')).toMatchObject({ kind: 'range' });
  });
  it('builds colours, axes and totals', () => {
    expect(randomHexColor(() => 0)).toBe('#000000');
    expect(randomHexColor()).toMatch(/^#[0-9a-f]{6}$/);
    expect(
      totalsBy(
        [
          { c: 'A', n: 1 },
          { c: 'B', n: 3 },
          { c: 'A', n: 1 },
        ],
        (r) => r.c,
        (r) => r.n,
      ),
    ).toEqual([
      { key: 'B', total: 3 },
      { key: 'A', total: 2 },
    ]);
  });
});

describe('scopeLabel and untilToday', () => {
  it('names the games and the range, all dates unfiltered, or the fixed window', () => {
    expect(scopeLabel('Yggdra', { fromDate: '2026-02-01', toDate: '2026-02-28' })).toBe(
      'Yggdra · Feb 1, 2026 – Feb 28, 2026',
    );
    expect(scopeLabel('Caliber and Yggdra', null)).toBe('Caliber and Yggdra · all dates');
    expect(scopeLabel('Caliber', null, 'the last 7 days')).toBe('Caliber · the last 7 days');
  });

  it('keeps the days up to today only', () => {
    const rows = ['2026-11-25', '2026-11-26', '2026-11-27T00:00:00Z'];
    expect(untilToday(rows, (day) => day, '2026-11-26')).toEqual(['2026-11-25', '2026-11-26']);
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
