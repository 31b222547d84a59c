import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * A spinner with its label, announced politely. `page` fills the screen while a page decides what to
 * show; `section` holds the place of a list or result inside a page while it loads.
 */
export function CenteredSpinner({
  label = 'Loading…',
  size = 'page',
}: {
  label?: string;
  size?: 'page' | 'section';
}) {
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
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
