const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;

/**
 * Dates are written by hand in the one form the portal shows (US English), not with Intl.DateTimeFormat: a
 * page's first Intl format loads ICU's data, ~150 ms of a phone's 4× slower processor inside the render that
 * draws /profile's largest paint (decision 0094). The output is what `Intl.DateTimeFormat('en-US')` writes.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A date's fields, read in the viewer's time zone or in UTC. */
function fieldsOf(date: Date, zone: 'viewer' | 'utc') {
  const utc = zone === 'utc';
  return {
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    month: MONTHS[utc ? date.getUTCMonth() : date.getMonth()]!,
    day: utc ? date.getUTCDate() : date.getDate(),
    hours: utc ? date.getUTCHours() : date.getHours(),
    minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
    seconds: utc ? date.getUTCSeconds() : date.getSeconds(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'Nov 21, 2026'. */
function shortDate(date: Date, zone: 'viewer' | 'utc' = 'viewer'): string {
  const { year, month, day } = fieldsOf(date, zone);
  return `${month.slice(0, 3)} ${day}, ${year}`;
}

/** 'Nov 21, 2026, 3:04 PM', with ':05' before the AM or PM when `withSeconds`; the viewer's time zone. */
function dateTime(date: Date, withSeconds: boolean): string {
  const { hours, minutes, seconds } = fieldsOf(date, 'viewer');
  const time = `${hours % 12 || 12}:${twoDigits(minutes)}${withSeconds ? `:${twoDigits(seconds)}` : ''}`;
  return `${shortDate(date)}, ${time} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'November 2026'. */
function longMonth(date: Date, zone: 'viewer' | 'utc'): string {
  const { year, month } = fieldsOf(date, zone);
  return `${month} ${year}`;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026'. Plain calendar dates (YYYY-MM-DD) are shown as written, whatever the viewer's time zone. */
export function formatDate(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    return shortDate(new Date(`${value}T00:00:00Z`), 'utc');
  }
  const date = toDate(value);
  return date ? shortDate(date) : empty;
}

/** 'Nov 21, 2026, 3:04 PM' in the viewer's time zone. */
export function formatDateTime(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? dateTime(date, false) : empty;
}

/** 'Nov 21, 2026, 3:04:05 PM' in the viewer's time zone: a log's time, to the second. */
export function formatTimestamp(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const date = toDate(value);
  return date ? dateTime(date, true) : empty;
}

/** 'November 2026', from a date or a 'YYYY-MM' month. */
export function formatMonth(value: DateInput, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string' && (YEAR_MONTH.test(value) || PLAIN_DATE.test(value))) {
    return longMonth(new Date(`${value.slice(0, 7)}-01T00:00:00Z`), 'utc');
  }
  const date = toDate(value);
  return date ? longMonth(date, 'viewer') : empty;
}

/** Digits only, at most `max` characters: what PIN and mobile inputs accept. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
