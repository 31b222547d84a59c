import { ADMIN_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NO_REPLY } from '../../lib/api';
import { adminLoginError } from './AdminLoginPage';

describe('adminLoginError', () => {
  it('maps replies to the spec messages', () => {
    expect(adminLoginError(new ApiError(401, { message: 'x', code: 'INVALID_CREDENTIALS' }))).toBe(
      'Invalid login credentials.',
    );
    // A 401 without the portal's code (a proxy's page) reads as the spec's 401 all the same.
    expect(adminLoginError(new ApiError(401, { message: 'x', code: 'UNAUTHENTICATED' }))).toBe(
      'Invalid login credentials.',
    );
    expect(adminLoginError(new ApiError(403, { message: 'x', code: 'FORBIDDEN' }))).toBe(
      'Your account is inactive.',
    );
    expect(adminLoginError(new ApiError(500, { message: 'x', code: 'INTERNAL_ERROR' }))).toBe(
      'An unexpected error occurred.',
    );
    expect(adminLoginError(new ApiError(0, { message: 'x', code: NO_REPLY }))).toBe(
      'Network error. Please check your connection.',
    );
    expect(
      adminLoginError(new ApiError(429, { message: ADMIN_MESSAGES.lockedOut, code: 'LOCKED_OUT' })),
    ).toBe(ADMIN_MESSAGES.lockedOut);
  });
});
