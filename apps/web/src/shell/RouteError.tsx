import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useAppTheme } from './Layout';

/** A page's script could not be loaded: after a release, the old one is gone from the server. */
function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch module/i.test(error.message)
  );
}

const RELOADED_KEY = 'reloadedForNewVersion';

/**
 * What a route shows when it fails to load or render, instead of the router's developer screen. A page of
 * an older release reloads itself once to fetch the new one; anything else offers a reload. No error text
 * is shown: it is for the console, not for players.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const theme = useAppTheme();
  const stale = isStaleChunkError(error);

  useEffect(() => {
    console.error(error);
    if (!stale) return;
    // Once per address: if the new release fails too, the page below stays instead of a reload loop.
    if (sessionStorage.getItem(RELOADED_KEY) === pathname) return;
    sessionStorage.setItem(RELOADED_KEY, pathname);
    window.location.reload();
  }, [error, stale, pathname]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <Stack sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card role="alert" sx={{ maxWidth: 520 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {stale ? 'A new version of the portal is available' : 'Something went wrong'}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {stale
                ? 'This page changed since you opened the portal. Reload to get the new version.'
                : 'This page could not be shown. Reload to try again; if it keeps happening, contact support.'}
            </Typography>
            <Stack direction="row" spacing={2} alignItems="center">
              <Button variant="contained" onClick={() => window.location.reload()}>
                Reload
              </Button>
              <Link href="/">Go to the start page</Link>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </ThemeProvider>
  );
}
