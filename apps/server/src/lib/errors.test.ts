import {
  API_ERROR_CODES,
  ERROR_STATUS,
  genericErrorCode,
  SERVER_FAILURE_CODES,
  WAIT_CODES,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, forbidden, notFound, unauthenticated, validationError } from './errors';

/** Every status an error reply can have. */
const ERROR_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i);

describe('the error catalogue', () => {
  it('gives every code a status: 5xx exactly for server failures, 429 exactly for waits, else 4xx', () => {
    for (const code of API_ERROR_CODES) {
      const status = ERROR_STATUS[code];
      const [lowest, highest] = SERVER_FAILURE_CODES.has(code) ? [500, 599] : [400, 499];
      expect(status, code).toBeGreaterThanOrEqual(lowest);
      expect(status, code).toBeLessThanOrEqual(highest);
      expect(status === 429, code).toBe(WAIT_CODES.has(code));
    }
  });

  it('groups catalogued codes only', () => {
    for (const code of [...SERVER_FAILURE_CODES, ...WAIT_CODES]) expect(API_ERROR_CODES).toContain(code);
  });

  it('sends each generic code with the status it is the generic code of', () => {
    for (const code of new Set(ERROR_STATUSES.map(genericErrorCode)))
      expect(genericErrorCode(ERROR_STATUS[code]), code).toBe(code);
  });

  it('reads a reply without its code (a proxy kept only the status) as the same failure or wait', () => {
    for (const code of API_ERROR_CODES) {
      const generic = genericErrorCode(ERROR_STATUS[code]);
      expect(SERVER_FAILURE_CODES.has(generic), code).toBe(SERVER_FAILURE_CODES.has(code));
      expect(WAIT_CODES.has(generic), code).toBe(WAIT_CODES.has(code));
    }
  });
});

describe('AppError', () => {
  it("answers its code's status, the helpers included", () => {
    const errors = [
      validationError({ name: ['Required.'] }),
      badRequest('Not readable.'),
      unauthenticated(),
      forbidden(),
      notFound(),
      new AppError('EMAIL_TAKEN', 'Taken.'),
    ];
    expect(errors.map((error) => [error.code, error.status])).toEqual([
      ['VALIDATION_FAILED', 422],
      ['BAD_REQUEST', 400],
      ['UNAUTHENTICATED', 401],
      ['FORBIDDEN', 403],
      ['NOT_FOUND', 404],
      ['EMAIL_TAKEN', 409],
    ]);
  });
});
