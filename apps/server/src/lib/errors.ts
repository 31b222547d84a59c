/** Field-keyed validation messages, as the spec's clients read them. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error type services throw. `code` is stable for programs and tests; `message` is what a
 * person reads. The error handler turns it into `{ message, errors? }` with `status`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
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
