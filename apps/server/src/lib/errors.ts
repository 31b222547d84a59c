import { type ApiErrorCode, ERROR_STATUS, type ErrorBody } from '@portal/contract';

/** Field-keyed validation messages, as the spec's clients read them. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. `code` (from the contract's catalogue) is what programs branch on;
 * `message` is what a person reads. The error handler turns it into `{ message, code, errors? }` with
 * `status`, the catalogue's status of the code: a thrower names the code, never the status (decision 0071).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** More fields of the reply body, with `code` (a proof-of-work 429 carries its `challenge`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/**
 * A VALIDATION_FAILED (422) for one or more fields; the message is the first field message, as the spec's
 * clients show it.
 */
export function validationError(fieldErrors: FieldErrors): AppError {
  const first = Object.values(fieldErrors).find((list) => list.length > 0)?.[0] ?? 'The input is not valid.';
  return new AppError('VALIDATION_FAILED', first, fieldErrors);
}

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/** The one error body of an AppError: `{ message, code, errors? }`, and its `details` (a `challenge`). */
export function errorBody(error: AppError): ErrorBody & Record<string, unknown> {
  return {
    ...error.details,
    message: error.message,
    code: error.code,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  };
}
