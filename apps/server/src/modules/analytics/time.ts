import { REPORTING_TIME_ZONE } from '@portal/contract';

/** The reporting day (YYYY-MM-DD) of an instant. */
export function reportingDay(at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: REPORTING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First day of the month of a YYYY-MM-DD date. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Monday of the ISO week of a YYYY-MM-DD date. */
export function weekStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7;
  return addDays(day, -offset);
}
