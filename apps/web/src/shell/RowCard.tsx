import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A table's row as a card on a phone (below 900 px): a bordered list item whose `fields` (`dt`/`dd` pairs)
 * read as "name value" lines that wrap rather than scroll sideways; `top` is what the card leads with,
 * `bottom` what follows them (an action).
 */
export function RowCard({
  top,
  fields,
  bottom,
  testId,
}: {
  top?: ReactNode;
  fields: ReactNode;
  bottom?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
    >
      {top}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.25,
          alignItems: 'center',
          m: 0,
          mt: top ? 1 : 0,
          typography: 'body2',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {fields}
      </Box>
      {bottom}
    </Box>
  );
}
