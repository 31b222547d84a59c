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

/** A calendar date as the date inputs send it. */
export const isoDateSchema = z.iso.date({ message: 'Use a date in the form YYYY-MM-DD.' });
