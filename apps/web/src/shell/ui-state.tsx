import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useMatches } from 'react-router';
import { type Accent, type SidebarType, storage, subscribe, subscribeToDeviceScheme } from '../lib/storage';
import type { PageDeclaration } from './pages';

/** Below this width the side navigation is a temporary drawer that closes after each choice (spec section 9). */
const DESKTOP_MIN_WIDTH = 1200;
/** The media query of desktop widths, for `useMediaQuery`. */
export const DESKTOP_QUERY = `(min-width:${DESKTOP_MIN_WIDTH}px)`;
/** Style keys for the two sides of that width (the base style is the desktop one). */
export const DESKTOP_UP = `@media ${DESKTOP_QUERY}`;
export const BELOW_DESKTOP = `@media (max-width:${DESKTOP_MIN_WIDTH - 0.05}px)`;

interface PersistedUi {
  darkMode: boolean;
  sidebarType: SidebarType;
  isNavFixed: boolean;
  accent: Accent;
}

export interface UiState extends PersistedUi {
  /** True when the side navigation panel is minimised to its icons (desktop widths). */
  miniSidenav: boolean;
  /** True while the side navigation's drawer is open (below desktop width). */
  navDrawerOpen: boolean;
  configuratorOpen: boolean;
  /** Login screens and admin dashboards hide navbar, sidebar, footer and configurator button. */
  chromeHidden: boolean;
  /** Admin dashboards also drop the grey page background. */
  plainBackground: boolean;
  setDarkMode: (on: boolean) => void;
  setSidebarType: (type: SidebarType) => void;
  setNavFixed: (fixed: boolean) => void;
  setAccent: (accent: Accent) => void;
  setMiniSidenav: (mini: boolean) => void;
  setNavDrawerOpen: (open: boolean) => void;
  setConfiguratorOpen: (open: boolean) => void;
  /** Registers one screen that hides the chrome; returns the function that releases it. */
  hideChrome: (plainBackground: boolean) => () => void;
}

const UiContext = createContext<UiState | null>(null);

function readPersisted(): PersistedUi {
  return {
    darkMode: storage.isDarkMode(),
    sidebarType: storage.getSidebarType(),
    isNavFixed: storage.isNavFixed(),
    accent: storage.getAccent(),
  };
}

const samePersisted = (a: PersistedUi, b: PersistedUi) =>
  a.darkMode === b.darkMode &&
  a.sidebarType === b.sidebarType &&
  a.isNavFixed === b.isNavFixed &&
  a.accent === b.accent;

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [persisted, setPersisted] = useState(readPersisted);
  // Neither depends on the width, so the first render is the same on every device and a prerendered page
  // hydrates on phones and laptops alike: CSS shows the panel or the drawer's button (decision 0061).
  const [miniSidenav, setMiniSidenav] = useState(false);
  const [navDrawerOpen, setNavDrawerOpen] = useState(false);
  const [configuratorOpen, setConfiguratorOpen] = useState(false);
  // Counters rather than flags: during a route change the next screen can mount before the last unmounts.
  const [hiders, setHiders] = useState({ chrome: 0, plain: 0 });

  // Stored choices, from this tab or another, and the device's colour scheme while no dark mode is chosen (a
  // phone turning dark at sunset): the theme follows at once. Read again once subscribed, for a change made
  // between the first render and now; a write that changes none of these renders nothing.
  useEffect(() => {
    const refresh = () =>
      setPersisted((current) => {
        const next = readPersisted();
        return samePersisted(current, next) ? current : next;
      });
    const stopStorage = subscribe(refresh);
    const stopDevice = subscribeToDeviceScheme(refresh);
    refresh();
    return () => {
      stopStorage();
      stopDevice();
    };
  }, []);

  // The drawer closes when the window grows to a desktop width, where the panel takes its place.
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth >= DESKTOP_MIN_WIDTH) setNavDrawerOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const setDarkMode = useCallback((on: boolean) => {
    storage.setDarkMode(on);
    storage.setSidebarType(on ? 'bg-default' : 'bg-white');
  }, []);

  const hideChrome = useCallback((plainBackground: boolean) => {
    setHiders((h) => ({ chrome: h.chrome + 1, plain: h.plain + (plainBackground ? 1 : 0) }));
    return () => setHiders((h) => ({ chrome: h.chrome - 1, plain: h.plain - (plainBackground ? 1 : 0) }));
  }, []);

  const value = useMemo<UiState>(
    () => ({
      ...persisted,
      miniSidenav,
      navDrawerOpen,
      configuratorOpen,
      chromeHidden: hiders.chrome > 0,
      plainBackground: hiders.plain > 0,
      setDarkMode,
      setSidebarType: storage.setSidebarType,
      setNavFixed: storage.setNavFixed,
      setAccent: storage.setAccent,
      setMiniSidenav,
      setNavDrawerOpen,
      setConfiguratorOpen,
      hideChrome,
    }),
    [persisted, miniSidenav, navDrawerOpen, configuratorOpen, hiders, setDarkMode, hideChrome],
  );

  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiState(): UiState {
  const value = useContext(UiContext);
  if (!value) throw new Error('useUiState must be used inside UiStateProvider.');
  return value;
}

/**
 * The chrome the matched routes hide. Screens hide it themselves (`useHideChrome`) once mounted; routes that
 * say so up front get the right frame on the first paint: nothing shifts when the navbar and footer go, and
 * the side navigation is not fetched for a sign-in screen.
 */
export function useRouteChrome(): PageDeclaration['chrome'] {
  const matches = useMatches();
  return matches.map((match) => (match.handle as Partial<PageDeclaration> | undefined)?.chrome).find(Boolean);
}

/**
 * Hides navbar, sidebar, footer and configurator button while the calling screen is mounted; before the
 * first paint (a layout effect), so the page never shows with the chrome and then shifts without it. Not
 * counted where the route already hides as much: a count that changes nothing on screen still renders the
 * whole shell again, synchronously, right after a prerendered page hydrates (a long task on a phone).
 */
export function useHideChrome(options: { plainBackground?: boolean } = {}): void {
  const { hideChrome } = useUiState();
  const plain = options.plainBackground ?? false;
  const routeChrome = useRouteChrome();
  const declared = routeChrome === 'plain' || (routeChrome === 'hidden' && !plain);
  useLayoutEffect(() => (declared ? undefined : hideChrome(plain)), [declared, hideChrome, plain]);
}
