import { beforeEach, describe, expect, it } from 'vitest';
import { loginReturningTo, rememberReturnPath, safeReturnPath, takeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('follows only allowlisted same-origin relative paths', () => {
    expect(safeReturnPath('/authorize/abc_DEF-123')).toBe('/authorize/abc_DEF-123');
    expect(safeReturnPath('/activate')).toBe('/activate');
    expect(safeReturnPath('/activate?user_code=WDJB-MJHT')).toBe('/activate?user_code=WDJB-MJHT');
    for (const bad of [
      null,
      '',
      'https://evil.example/authorize/x',
      '//evil.example/authorize/x',
      '/\\evil.example',
      '/authorize/x/../../profile',
      '/authorize/',
      '/profile',
      'authorize/x',
      '/activate?user_code=x&next=//evil',
      'javascript:alert(1)',
    ])
      expect(safeReturnPath(bad)).toBeNull();
  });

  it('remembers the path once and forgets it when the login page opens without one', () => {
    rememberReturnPath('/authorize/u1');
    expect(takeReturnPath('/profile')).toBe('/authorize/u1');
    expect(takeReturnPath('/profile')).toBe('/profile');
    rememberReturnPath('/activate');
    rememberReturnPath(null);
    expect(takeReturnPath('/profile')).toBe('/profile');
    rememberReturnPath('https://evil.example');
    expect(takeReturnPath('/profile')).toBe('/profile');
  });

  it('builds the login link with the path encoded', () => {
    expect(loginReturningTo('/activate?user_code=AB')).toBe('/login?next=%2Factivate%3Fuser_code%3DAB');
  });
});
