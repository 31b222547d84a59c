import { API_ERROR_CODES, type ApiErrorCode, type ErrorBody } from '@portal/contract';

/** Field-keyed validation messages, as the spec's clients read them. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. `code` is stable for programs and tests; `message` is what a
 * person reads. The error handler turns it into `{ message, code?, errors? }` with `status` (`errorBody`).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** More fields of the reply body, with `code` (a proof-of-work 429 carries its `challenge`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 422 for one or more fields; the message is the first field message, as the spec's clients show it. */
export function validationError(fieldErrors: FieldErrors): AppError {
  const first = Object.values(fieldErrors).find((list) => list.length > 0)?.[0] ?? 'The input is not valid.';
  return new AppError('VALIDATION_FAILED', 422, first, fieldErrors);
}

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError('FORBIDDEN', 403, message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

/** The codes clients branch on (the contract's API_ERROR_CODES) travel in the body; others stay internal. */
const clientCodes: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** The one error body of an AppError: `{ message, code?, errors? }`, and its `details` (a `challenge`). */
export function errorBody(error: AppError): ErrorBody & Record<string, unknown> {
  return {
    ...error.details,
    message: error.message,
    ...(clientCodes.has(error.code) ? { code: error.code as ApiErrorCode } : {}),
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  };
}
