import { z } from 'zod';

/** Messages and bounds from the spec (sections 5 and 9), shared by server and web forms. */
export const MESSAGES = {
  required: 'Required field',
  emailRequired: 'Required field and must be a valid email address',
  emailBlur: 'You must input a valid email address.',
  passwordHint: 'Password must be 8-70 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  pin: 'PIN (4 digits)',
  nicknameRequired: 'Nickname field is required.',
  socialPasswordLength: 'Password length must be at least 8 characters',
  socialPasswordsMatch: 'Password fields must match',
  bothDates: "Please select both 'From' and 'To' dates.",
  /** Not in the spec: a reversed range would otherwise show an empty or failed table. */
  dateOrder: 'The To date must be on or after the From date.',
  dateFormat: 'Use a date in the form YYYY-MM-DD.',
  realDate: 'Use a real calendar date.',
  dateRange: 'Use a date between 1900-01-01 and 2100-12-31.',
  /** Not in the spec: NUL, other control characters and broken UTF-16 are refused before any rule runs. */
  unsafeText: 'Text may not contain control characters or invalid Unicode.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 70;
export const PIN_LENGTH = 4;
export const MOBILE_MAX = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/** The spec's {email} pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ message: MESSAGES.emailRequired })
  .trim()
  .max(254, 'The email address is too long.')
  .regex(EMAIL_PATTERN, MESSAGES.emailRequired);

/** Server-side password rule, enforced wherever a password is set. */
export const passwordSchema = z
  .string({ message: MESSAGES.passwordHint })
  .min(PASSWORD_MIN, MESSAGES.passwordHint)
  .max(PASSWORD_MAX, MESSAGES.passwordHint);

export const pinSchema = z.string({ message: MESSAGES.pin }).regex(/^\d{4}$/, MESSAGES.pin);

export const mobileSchema = z.string().regex(/^\d{0,20}$/, 'Mobile number must be digits only, at most 20.');

export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/** What is wrong with `value` as a YYYY-MM-DD calendar date from DATE_MIN to `latest`, or null. */
function calendarDateProblem(value: string, latest: string): 'format' | 'day' | 'range' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'format';
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || !day.toISOString().startsWith(value)) return 'day';
  return value < DATE_MIN || value > latest ? 'range' : null;
}

/**
 * A calendar date as the date inputs send it: YYYY-MM-DD, a day that exists (2026-02-30 does not), from
 * DATE_MIN to DATE_MAX or an earlier `latest` (years such as 0000 or 9999 would otherwise reach the database
 * and fail there). One message per problem, so a form shows the one that matters.
 */
export function calendarDate(options: { rangeMessage?: string; latest?: () => string } = {}) {
  const { rangeMessage = MESSAGES.dateRange, latest = () => DATE_MAX } = options;
  return z
    .string({ message: MESSAGES.dateFormat })
    .superRefine((value, ctx) => {
      const problem = calendarDateProblem(value, latest());
      if (!problem) return;
      const message =
        problem === 'format' ? MESSAGES.dateFormat : problem === 'day' ? MESSAGES.realDate : rangeMessage;
      ctx.addIssue({ code: 'custom', message });
    })
    .meta({ format: 'date' }); // for the OpenAPI document and the clients generated from it
}

export const calendarDateSchema = calendarDate();
