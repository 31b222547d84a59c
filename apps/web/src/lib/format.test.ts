import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatTimestamp } from './format';

// A moment in the viewer's own time zone, so the figures below hold wherever the tests run.
const moment = new Date(2026, 10, 21, 15, 4, 5);

describe('the one date formatter set', () => {
  it('formatDate: a short US date; a plain calendar day as written, whatever the time zone', () => {
    expect(formatDate(moment)).toBe('Nov 21, 2026');
    expect(formatDate(moment.getTime())).toBe('Nov 21, 2026');
    expect(formatDate('2028-02-29')).toBe('Feb 29, 2028');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('formatDateTime: date and time to the minute', () => {
    expect(formatDateTime(moment)).toBe('Nov 21, 2026, 3:04 PM');
    expect(formatDateTime(moment.toISOString())).toBe('Nov 21, 2026, 3:04 PM');
    expect(formatDateTime(moment.getTime())).toBe('Nov 21, 2026, 3:04 PM');
  });

  it('formatTimestamp: date and time to the second (logs)', () => {
    expect(formatTimestamp(moment.toISOString())).toBe('Nov 21, 2026, 3:04:05 PM');
  });

  it('formatMonth: the long month of a date or a YYYY-MM month', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2026-11-30')).toBe('November 2026');
    expect(formatMonth(moment)).toBe('November 2026');
  });

  it("writes what Intl.DateTimeFormat('en-US') writes, at every hour of a year and at its edges", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options).format;
    const day = { month: 'short', day: 'numeric', year: 'numeric' } as const;
    const time = { ...day, hour: 'numeric', minute: '2-digit' } as const;
    const expected = {
      date: intl(day),
      dateTime: intl(time),
      timestamp: intl({ ...time, second: '2-digit' }),
      month: intl({ month: 'long', year: 'numeric' }),
      utcDate: intl({ ...day, timeZone: 'UTC' }),
    };
    const start = new Date(2026, 0, 1, 0, 0, 0).getTime();
    // Each hour of 2026 at a minute and second that change with it: midnight, noon and every month's first day.
    for (let hour = 0; hour < 366 * 24; hour += 1) {
      const moment = new Date(start + hour * 3_600_000 + (hour % 60) * 60_001);
      expect(formatDate(moment)).toBe(expected.date(moment));
      expect(formatDateTime(moment)).toBe(expected.dateTime(moment));
      expect(formatTimestamp(moment)).toBe(expected.timestamp(moment));
      expect(formatMonth(moment)).toBe(expected.month(moment));
      const calendarDay = moment.toISOString().slice(0, 10);
      expect(formatDate(calendarDay)).toBe(expected.utcDate(new Date(`${calendarDay}T00:00:00Z`)));
    }
  });

  it('shows the empty text for a missing or unreadable value instead of throwing', () => {
    for (const format of [formatDate, formatDateTime, formatTimestamp, formatMonth]) {
      expect(format(null)).toBe('—');
      expect(format(undefined)).toBe('—');
      expect(format('')).toBe('—');
      expect(format('not a date')).toBe('—');
      expect(format(null, 'Never')).toBe('Never');
    }
  });
});
