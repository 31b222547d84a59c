const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;

/**
 * A date format built on its first use: building one costs several milliseconds on a phone (ICU's data), and
 * this module is loaded by every signed-in page, most of which show no date at first.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat['format'] {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(date);
  };
}

const shortDate = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const shortDateUtc = dateFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateTime = dateFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const timestamp = dateFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const longMonthUtc = dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const longMonth = dateFormat({ month: 'long', year: 'numeric' });

type DateInput = string | number | Date | null | undefined;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026'. Plain calendar dates (YYYY-MM-DD) are shown as written, whatever the viewer's time zone. */
export function formatDate(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    return shortDateUtc(new Date(`${value}T00:00:00Z`));
  }
  const date = toDate(value);
  return date ? shortDate(date) : empty;
}

/** 'Nov 21, 2026, 3:04 PM' in the viewer's time zone. */
export function formatDateTime(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? dateTime(date) : empty;
}

/** 'Nov 21, 2026, 3:04:05 PM' in the viewer's time zone: a log's time, to the second. */
export function formatTimestamp(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? timestamp(date) : empty;
}

/** 'November 2026', from a date or a 'YYYY-MM' month. */
export function formatMonth(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && (YEAR_MONTH.test(value) || PLAIN_DATE.test(value))) {
    return longMonthUtc(new Date(`${value.slice(0, 7)}-01T00:00:00Z`));
  }
  const date = toDate(value);
  return date ? longMonth(date) : empty;
}

/** Digits only, at most `max` characters: what PIN and mobile inputs accept. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
