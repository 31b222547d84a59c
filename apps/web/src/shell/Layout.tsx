import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Fab from '@mui/material/Fab';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ADMIN_AREA } from '@portal/contract/constants';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useAppReady, WhenAppReady } from './app-ready';
import { FOOTER_LINKS } from './links';
import { PageTitle } from './PageTitle';
import { useSession } from './session';
import { ACCENT_COLORS, createAppTheme, onAccentBand, SIDENAV_RAIL_WIDTH, SIDENAV_WIDTH } from './theme';
import { BELOW_DESKTOP, DESKTOP_QUERY, DESKTOP_UP, useRouteChrome, useUiState } from './ui-state';

// The chrome's heavier parts load on demand, so screens that hide the chrome (login) do not pay for them.
const SideNav = lazy(() => import('./SideNav').then((module) => ({ default: module.SideNav })));
// Support's search box: back-office pages only.
const PlayerSearch = lazy(() =>
  import('./PlayerSearch').then((module) => ({ default: module.PlayerSearch })),
);
const Configurator = lazy(() =>
  import('./Configurator').then((module) => ({ default: module.Configurator })),
);
// Shown only while a route loads: not needed to draw the first page.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/**
 * The side navigation, fetched once it is needed: at desktop widths at once (the panel shows); below them,
 * where it is a closed drawer, once the page's first requests have answered or the menu is opened, so its
 * code (the drawer, lists and tooltips: 14 chunks, about 40 KB) does not queue on a phone's six connections
 * and slow link beside the page's own chunks and data (decision 0095). A page sent drawn has it in its
 * markup, so it is hydrated as sent.
 */
function SideNavWhenNeeded() {
  const { navDrawerOpen } = useUiState();
  const desktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const hydrating = !useAppReady();
  const [fetched, setFetched] = useState(false);
  const neededNow = desktop || hydrating || navDrawerOpen;
  useEffect(() => {
    if (neededNow) setFetched(true);
  }, [neededNow]);
  if (!fetched && !neededNow) return <OnceRequestsAnswered then={setFetched} />;
  return (
    <Suspense fallback={null}>
      <SideNav />
    </Suspense>
  );
}

/**
 * Calls `then(true)` once no query is being fetched and the browser is next idle (the answers drawn first; a
 * timer in a browser without idle callbacks). Rendered only until then, so nothing else re-renders.
 */
function OnceRequestsAnswered({ then }: { then: (answered: true) => void }) {
  const answered = useIsFetching() === 0;
  useEffect(() => {
    if (!answered) return;
    if ('requestIdleCallback' in window) {
      const idle = requestIdleCallback(() => then(true), { timeout: 2_000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(() => then(true), 200);
    return () => clearTimeout(timer);
  }, [answered, then]);
  return null;
}

/** Whether a signed-in staff member is on a back-office page. */
function useBackOffice(): boolean {
  const { admin } = useSession();
  const { pathname } = useLocation();
  return admin.adminAuthenticated && pathname.startsWith(`${ADMIN_AREA}/`);
}

function TopNavbar() {
  const {
    isNavFixed,
    miniSidenav,
    setMiniSidenav,
    navDrawerOpen,
    setNavDrawerOpen,
    setConfiguratorOpen,
    accent,
  } = useUiState();
  const backOffice = useBackOffice();
  return (
    <Box
      component="header"
      sx={{
        position: isNavFixed ? 'sticky' : 'relative',
        top: isNavFixed ? 12 : undefined,
        zIndex: (theme) => theme.zIndex.appBar,
        mx: { xs: 1, sm: 2 },
        mt: 1.5,
        borderRadius: 4,
        ...(isNavFixed && {
          backdropFilter: 'saturate(200%) blur(30px)',
          bgcolor: (theme) =>
            theme.palette.mode === 'dark' ? 'rgba(17,28,68,0.85)' : 'rgba(255,255,255,0.8)',
          boxShadow: '0 0 2rem 0 rgba(136,152,170,0.15)',
        }),
      }}
    >
      <Toolbar
        sx={{
          minHeight: { xs: 56 },
          justifyContent: 'flex-end',
          gap: 1,
          color: isNavFixed ? 'text.primary' : onAccentBand(accent),
        }}
      >
        {backOffice && (
          <Suspense fallback={null}>
            <PlayerSearch />
          </Suspense>
        )}
        {/* One toggle per width, shown by CSS (decision 0061): on a desktop it minimises the panel to its
            icons (a 1366 px laptop's tables get the room); below, it opens the drawer. */}
        <ShellIconButton
          color="inherit"
          aria-label={miniSidenav ? 'Expand navigation' : 'Collapse navigation'}
          aria-expanded={!miniSidenav}
          onClick={() => setMiniSidenav(!miniSidenav)}
          sx={{ [BELOW_DESKTOP]: { display: 'none' } }}
          data-testid="sidenav-toggle"
        >
          <MenuIcon />
        </ShellIconButton>
        <ShellIconButton
          color="inherit"
          aria-label={navDrawerOpen ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navDrawerOpen}
          onClick={() => setNavDrawerOpen(!navDrawerOpen)}
          sx={{ display: 'none', [BELOW_DESKTOP]: { display: 'inline-flex' } }}
          data-testid="sidenav-drawer-toggle"
        >
          <MenuIcon />
        </ShellIconButton>
        <ShellIconButton
          color="inherit"
          aria-label="Open configurator"
          onClick={() => setConfiguratorOpen(true)}
          data-testid="navbar-configurator-button"
        >
          <SettingsIcon />
        </ShellIconButton>
      </Toolbar>
    </Box>
  );
}

/**
 * An icon button of the top bar: on a page sent drawn it waits for the app, as the forms' buttons do, since a
 * tap before the app has taken the page over would be lost.
 */
function ShellIconButton(props: IconButtonProps) {
  return <WhenAppReady>{(ready) => <IconButton {...props} disabled={!ready} />}</WhenAppReady>;
}

function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        px: { xs: 2, sm: 3 },
        pt: 3,
        pb: 3,
        // Room for the floating configurator button (md and up), so it never covers a footer link.
        pr: { md: 12 },
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Games Portal
      </Typography>
      <Box component="nav" aria-label="Footer">
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, listStyle: 'none', m: 0, p: 0 }}
        >
          {FOOTER_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ color: 'text.secondary', fontWeight: 400 }}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The portal's theme for the configurator's current mode and accent, still when the device asks for reduced
 * motion. The media query answers on the first render already (`noSsr`), hydration's included: reduced motion
 * changes no style class (theme.ts), so the page is drawn once, not again once the query has answered.
 */
export function useAppTheme() {
  const { darkMode, accent } = useUiState();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return useMemo(
    () => createAppTheme(darkMode ? 'dark' : 'light', accent, { reducedMotion }),
    [darkMode, accent, reducedMotion],
  );
}

/** The shell of every page: accent header band, side navigation, navbar, footer and configurator. */
export function Layout() {
  const ui = useUiState();
  const navigation = useNavigation();
  const theme = useAppTheme();
  const routeChrome = useRouteChrome();
  const backOffice = useBackOffice();
  const chrome = !ui.chromeHidden && !routeChrome;
  const plainBackground = ui.plainBackground || routeChrome === 'plain';
  // Once opened, the configurator stays mounted so that its drawer can animate closed.
  const [configuratorUsed, setConfiguratorUsed] = useState(false);
  useEffect(() => {
    if (ui.configuratorOpen) setConfiguratorUsed(true);
  }, [ui.configuratorOpen]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <PageTitle />
      {navigation.state === 'loading' && (
        <Suspense fallback={null}>
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.tooltip }}
          />
        </Suspense>
      )}
      <Box
        sx={{
          position: 'relative',
          minHeight: '100vh',
          bgcolor: plainBackground ? 'background.paper' : 'background.default',
        }}
      >
        {chrome && (
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              inset: '0 0 auto 0',
              minHeight: 300,
              bgcolor: ACCENT_COLORS[ui.accent],
            }}
          />
        )}
        {chrome && <SideNavWhenNeeded />}
        <Box
          sx={{
            position: 'relative',
            minHeight: '100vh',
            display: 'flex',
            flexDirection: 'column',
            ...(chrome && {
              [DESKTOP_UP]: { ml: `${(ui.miniSidenav ? SIDENAV_RAIL_WIDTH : SIDENAV_WIDTH) + 16}px` },
            }),
          }}
        >
          {chrome && <TopNavbar />}
          <Box
            component="main"
            id="main"
            // With the chrome, the page fills at least the first screen, so the footer starts below it and
            // does not jump down as the page's content arrives (layout shift).
            sx={{ flex: 1, p: chrome ? { xs: 1.5, sm: 3 } : 0, minHeight: chrome ? '100vh' : undefined }}
          >
            <Outlet />
          </Box>
          {chrome && <Footer />}
        </Box>
        {/* On a page sent drawn it appears once the app runs: a click before then would be lost, and a disabled
            disc would flash on every first screen (the top bar's button is there from the start). */}
        {chrome && !backOffice && (
          <WhenAppReady>
            {(ready) =>
              ready && (
                <Fab
                  aria-label="Open configurator"
                  onClick={() => ui.setConfiguratorOpen(true)}
                  data-testid="configurator-button"
                  sx={{
                    // Below md it would cover page buttons (Buy Now, a table's Next) on phones and tablets, and
                    // in the back office a table's buttons at any width: the top bar's button is always there.
                    display: { xs: 'none', md: 'inline-flex' },
                    position: 'fixed',
                    right: 24,
                    bottom: 24,
                    bgcolor: 'background.paper',
                    color: 'text.primary',
                    '&:hover': { bgcolor: 'background.paper' },
                  }}
                >
                  <SettingsIcon />
                </Fab>
              )
            }
          </WhenAppReady>
        )}
        {configuratorUsed && (
          <Suspense fallback={null}>
            <Configurator />
          </Suspense>
        )}
      </Box>
    </ThemeProvider>
  );
}
