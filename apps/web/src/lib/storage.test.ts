import { describe, expect, it, vi } from 'vitest';
import { storage, subscribe, subscribeToDeviceScheme } from './storage';

describe('storage', () => {
  it('defaults the role to member when empty', () => {
    expect(storage.getRole()).toBe('member');
    localStorage.setItem('role', '');
    expect(storage.getRole()).toBe('member');
    storage.setRole('admin');
    expect(storage.getRole()).toBe('admin');
  });

  it('uses the spec key names', () => {
    storage.setToken('t1');
    storage.setAdminToken('a1');
    storage.setAuthenticated(true);
    storage.setSidebarType('bg-default');
    storage.setUser({ name: 'Ann' });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('admin_token')).toBe('a1');
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('sidebarType')).toBe('bg-default');
    expect(storage.getUser()).toEqual({ name: 'Ann' });
  });

  it("follows the device's colour scheme until dark mode is chosen", () => {
    const prefersDark = (dark: boolean) =>
      vi.stubGlobal(
        'matchMedia',
        vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' })),
      );
    try {
      prefersDark(true);
      expect(storage.isDarkMode()).toBe(true);
      expect(storage.getSidebarType()).toBe('bg-default');
      storage.setDarkMode(false);
      expect(storage.getSidebarType()).toBe('bg-white');
      expect(storage.isDarkMode()).toBe(false);
      localStorage.removeItem('darkMode');
      prefersDark(false);
      expect(storage.isDarkMode()).toBe(false);
      storage.setDarkMode(true);
      expect(storage.isDarkMode()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem('darkMode');
    }
  });

  it("tells of a change of the device's colour scheme while it is followed, not once dark mode is chosen", () => {
    const device = Object.assign(new EventTarget(), {
      matches: false,
      media: '(prefers-color-scheme: dark)',
    });
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => device),
    );
    const turn = (dark: boolean) => {
      device.matches = dark;
      device.dispatchEvent(new Event('change'));
    };
    const listener = vi.fn();
    const unsubscribe = subscribeToDeviceScheme(listener);
    try {
      turn(true);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(storage.isDarkMode()).toBe(true);
      // Chosen in the configurator: the device no longer decides.
      storage.setDarkMode(false);
      turn(false);
      turn(true);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(storage.isDarkMode()).toBe(false);
      localStorage.removeItem('darkMode');
      turn(false);
      expect(listener).toHaveBeenCalledTimes(2);
      unsubscribe();
      turn(true);
      expect(listener).toHaveBeenCalledTimes(2);
    } finally {
      unsubscribe();
      vi.unstubAllGlobals();
    }
  });

  it('falls back on unknown or corrupt values', () => {
    localStorage.setItem('sidebarType', 'bg-purple');
    localStorage.setItem('accent', 'pink');
    localStorage.setItem('user', '{not json');
    expect(storage.getSidebarType()).toBe('bg-white');
    expect(storage.getAccent()).toBe('primary');
    expect(storage.getUser()).toBeNull();
  });

  it("keeps an admin table's hidden columns per admin and table, and reads a corrupt list as none", () => {
    storage.setHiddenColumns('a1', 'caliber-users', ['Email', 'Age']);
    expect(localStorage.getItem('adminTableColumns:a1:caliber-users')).toBe('["Email","Age"]');
    expect(storage.getHiddenColumns('a2', 'caliber-users')).toEqual([]);
    expect(storage.getHiddenColumns('a1', 'yggdra-users')).toEqual([]);
    storage.setHiddenColumns('a1', 'caliber-users', []);
    expect(localStorage.getItem('adminTableColumns:a1:caliber-users')).toBeNull();
    localStorage.setItem('adminTableColumns:a1:caliber-users', '{"Email":true}');
    expect(storage.getHiddenColumns('a1', 'caliber-users')).toEqual([]);
    localStorage.setItem('adminTableColumns:a1:caliber-users', '["Email",3,null]');
    expect(storage.getHiddenColumns('a1', 'caliber-users')).toEqual(['Email']);
  });

  it('clears everything and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    storage.setToken('t1');
    storage.setDarkMode(true);
    storage.clearAll();
    unsubscribe();
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
