import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable', () => {
  it('recognises refused, cut and shutting-down connections through wrapping errors', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true);
  });

  it('does not mistake a bad query or a constraint for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
