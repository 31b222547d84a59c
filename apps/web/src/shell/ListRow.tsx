import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One item of a card's list (a passkey, a signed-in device): its name with a badge, a line of details, and its
 * actions, side by side on a laptop and stacked on a phone. `highlighted` marks the item that is "this one".
 */
export function ListRow({
  testId,
  title,
  badge,
  details,
  actions,
  highlighted = false,
}: {
  testId: string;
  title: ReactNode;
  badge?: ReactNode;
  details: ReactNode;
  actions: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1.5,
        alignItems: { sm: 'center' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
          {badge}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details}
        </Typography>
      </Box>
      {actions}
    </Box>
  );
}
