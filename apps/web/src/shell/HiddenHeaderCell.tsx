import Box from '@mui/material/Box';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import { visuallyHidden } from './visuallyHidden';

/** A column header only screen readers read: over a column of row buttons, e.g. 'Actions'. */
export function HiddenHeaderCell({ children, align }: { children: string; align?: TableCellProps['align'] }) {
  return (
    <TableCell align={align}>
      <Box component="span" sx={visuallyHidden}>
        {children}
      </Box>
    </TableCell>
  );
}
