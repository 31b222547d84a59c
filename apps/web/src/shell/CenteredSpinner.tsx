import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useState } from 'react';

/** How long a page waits before its spinner shows: one ready sooner is drawn without a flash of it. */
export const PAGE_SPINNER_DELAY_MS = 400;

const appear = keyframes({ from: { visibility: 'hidden' }, to: { visibility: 'visible' } });

// Page spinners that follow one another (the router's, the session check's, the page's) are one wait: the
// delay runs from the first of them, so a wait longer than the delay is not hidden again by the next one.
let pageSpinnersMounted = 0;
let waitStartedAt = 0;

/** The time left before a page spinner mounting now shows. */
function usePageSpinnerDelay(active: boolean): number {
  const [delay] = useState(() => {
    if (!active) return 0;
    const now = performance.now();
    if (pageSpinnersMounted === 0) waitStartedAt = now;
    return Math.max(0, waitStartedAt + PAGE_SPINNER_DELAY_MS - now);
  });
  useLayoutEffect(() => {
    if (!active) return;
    pageSpinnersMounted += 1;
    return () => {
      pageSpinnersMounted -= 1;
    };
  }, [active]);
  return delay;
}

/**
 * A spinner with its label, announced politely. `page` fills the screen while a page decides what to
 * show, after PAGE_SPINNER_DELAY_MS; `section` holds the place of a list or result inside a page while it
 * loads, at once.
 */
export function CenteredSpinner({
  label = 'Loading…',
  size = 'page',
}: {
  label?: string;
  size?: 'page' | 'section';
}) {
  const delay = usePageSpinnerDelay(size === 'page');
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label}
      sx={{
        ...(size === 'page' ? { minHeight: '60vh' } : { py: 6 }),
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        ...(delay > 0 && { animation: `${appear} 0s both` }),
      }}
      style={delay > 0 ? { animationDelay: `${Math.round(delay)}ms` } : undefined}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
