const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const shortDateUtc = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const timestamp = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const longMonthUtc = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

type DateInput = string | number | Date | null | undefined;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026'. Plain calendar dates (YYYY-MM-DD) are shown as written, whatever the viewer's time zone. */
export function formatDate(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    return shortDateUtc.format(new Date(`${value}T00:00:00Z`));
  }
  const date = toDate(value);
  return date ? shortDate.format(date) : empty;
}

/** 'Nov 21, 2026, 3:04 PM' in the viewer's time zone. */
export function formatDateTime(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? dateTime.format(date) : empty;
}

/** 'Nov 21, 2026, 3:04:05 PM' in the viewer's time zone: a log's time, to the second. */
export function formatTimestamp(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? timestamp.format(date) : empty;
}

/** 'November 2026', from a date or a 'YYYY-MM' month. */
export function formatMonth(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && (YEAR_MONTH.test(value) || PLAIN_DATE.test(value))) {
    return longMonthUtc.format(new Date(`${value.slice(0, 7)}-01T00:00:00Z`));
  }
  const date = toDate(value);
  return date ? longMonth.format(date) : empty;
}

/** Digits only, at most `max` characters: what PIN and mobile inputs accept. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
