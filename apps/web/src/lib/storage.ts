/**
 * Every value the portal keeps in localStorage, under the key names of the spec (section 3, client-stored
 * data). Writes notify subscribers; changes made in another tab arrive through the `storage` event, and a
 * change of the device's colour scheme, while the portal follows it, through `subscribeToDeviceScheme`.
 */

const KEYS = {
  token: 'token',
  adminToken: 'admin_token',
  isAuthenticated: 'isAuthenticated',
  adminAuthenticated: 'adminAuthenticated',
  user: 'user',
  admin: 'admin',
  role: 'role',
  isRTL: 'isRTL',
  isNavFixed: 'isNavFixed',
  sidebarType: 'sidebarType',
  darkMode: 'darkMode',
  accent: 'accent',
  // Not the spec's: the portal's own note that Open Sans has loaded in this browser (shell/fonts.ts).
  fontsLoaded: 'fontsLoaded',
} as const;

const DEFAULT_ROLE = 'member';

const SIDEBAR_TYPES = ['bg-white', 'bg-default'] as const;
export type SidebarType = (typeof SIDEBAR_TYPES)[number];

export const ACCENTS = ['primary', 'dark', 'info', 'success', 'warning', 'danger'] as const;
export type Accent = (typeof ACCENTS)[number];

/** The player as the server returns it; the portal reads only a few fields here, pages read the rest. */
export interface StoredUser {
  uuid?: string;
  name?: string;
  email?: string;
  role?: string | null;
  [field: string]: unknown;
}

export interface StoredAdmin {
  id?: number | string;
  name?: string;
  email?: string;
  [field: string]: unknown;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` after any change to the portal's storage, in this tab or another. Returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const DARK_SCHEME = '(prefers-color-scheme: dark)';

/** The device's colour scheme as a media query, where there is one (not in the prerender, nor in some tests). */
function deviceScheme(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME)
    : null;
}

/**
 * Calls `listener` when the device's colour scheme changes (a phone turning dark at sunset) while the portal
 * follows it, that is while no dark mode has been chosen in the configurator. Returns the unsubscribe.
 */
export function subscribeToDeviceScheme(listener: Listener): () => void {
  const query = deviceScheme();
  if (typeof query?.addEventListener !== 'function') return () => undefined;
  const onChange = () => {
    if (read(KEYS.darkMode) === null) listener();
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the session then lasts only for this page.
  }
  notify();
}

function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Where an admin table's hidden columns are kept: per admin and per table (the column chooser's own key). */
const hiddenColumnsKey = (adminId: string, table: string) => `adminTableColumns:${adminId}:${table}`;

function readStringList(key: string): string[] {
  const raw = read(key);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function readFlag(key: string): boolean {
  return read(key) === 'true';
}

function writeFlag(key: string, value: boolean): void {
  write(key, value ? 'true' : 'false');
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export const storage = {
  getToken: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  getAdminToken: () => read(KEYS.adminToken),
  setAdminToken: (token: string | null) => write(KEYS.adminToken, token),

  isAuthenticated: () => readFlag(KEYS.isAuthenticated),
  setAuthenticated: (value: boolean) => writeFlag(KEYS.isAuthenticated, value),
  isAdminAuthenticated: () => readFlag(KEYS.adminAuthenticated),
  setAdminAuthenticated: (value: boolean) => writeFlag(KEYS.adminAuthenticated, value),

  getUser: () => readJson<StoredUser>(KEYS.user),
  setUser: (user: StoredUser | null) => write(KEYS.user, user ? JSON.stringify(user) : null),
  getAdmin: () => readJson<StoredAdmin>(KEYS.admin),
  setAdmin: (admin: StoredAdmin | null) => write(KEYS.admin, admin ? JSON.stringify(admin) : null),

  /** The spec: the role is read at start and defaults to member when empty. */
  getRole: () => read(KEYS.role)?.trim() || DEFAULT_ROLE,
  setRole: (role: string | null) => write(KEYS.role, role),

  isRTL: () => readFlag(KEYS.isRTL),
  setRTL: (value: boolean) => writeFlag(KEYS.isRTL, value),
  isNavFixed: () => readFlag(KEYS.isNavFixed),
  setNavFixed: (value: boolean) => writeFlag(KEYS.isNavFixed, value),
  /** The configurator's choice; until one is made, the device's colour scheme (followed as it changes). */
  isDarkMode: () => {
    const chosen = read(KEYS.darkMode);
    if (chosen !== null) return chosen === 'true';
    return deviceScheme()?.matches ?? false;
  },
  setDarkMode: (value: boolean) => writeFlag(KEYS.darkMode, value),
  /** Until one is chosen, the type dark mode sets (spec: dark mode on sets the dark default). */
  getSidebarType: (): SidebarType =>
    oneOf(SIDEBAR_TYPES, read(KEYS.sidebarType), storage.isDarkMode() ? 'bg-default' : 'bg-white'),
  setSidebarType: (value: SidebarType) => write(KEYS.sidebarType, value),
  getAccent: (): Accent => oneOf(ACCENTS, read(KEYS.accent), 'primary'),
  setAccent: (value: Accent) => write(KEYS.accent, value),

  /** Open Sans has loaded in this browser before, so its faces (immutable files) are likely in its cache. */
  haveFontsLoaded: () => readFlag(KEYS.fontsLoaded),
  setFontsLoaded: () => {
    if (!readFlag(KEYS.fontsLoaded)) writeFlag(KEYS.fontsLoaded, true);
  },

  /** The column headers an admin has hidden in one table; none (every column shown) until chosen. */
  getHiddenColumns: (adminId: string, table: string) => readStringList(hiddenColumnsKey(adminId, table)),
  setHiddenColumns: (adminId: string, table: string, headers: readonly string[]) =>
    write(hiddenColumnsKey(adminId, table), headers.length > 0 ? JSON.stringify(headers) : null),

  /** Logout in the spec clears all local storage, interface preferences included. */
  clearAll: () => {
    try {
      localStorage.clear();
    } catch {
      // Nothing to clear when storage is unavailable.
    }
    notify();
  },
};
