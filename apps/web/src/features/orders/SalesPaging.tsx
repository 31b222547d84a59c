import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type OrdersPageStep, type OrdersReply, PAGE_SIZES } from '@portal/contract';

type Paging = NonNullable<OrdersReply['paging']>;

interface Props {
  paging: Paging;
  /** Orders on the page shown. */
  shown: number;
  /** True while a page loads: no second step until it has. */
  busy: boolean;
  onStep: (step: OrdersPageStep) => void;
  onPerPage: (perPage: number) => void;
}

/** "Showing 11–20 of 57": where the page sits among every order of the filter. */
function showing({ current_page, per_page, total }: Paging, shown: number): string {
  const all = total.toLocaleString('en-US');
  if (shown === 0) return `Showing 0 of ${all}`;
  const first = (current_page - 1) * per_page + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${all}`;
}

/** Rows per page, Previous / Next and where the page is. */
export function SalesPaging({ paging, shown, busy, onStep, onPerPage }: Props) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}
    >
      <TextField
        select
        size="small"
        label="Rows per page"
        value={paging.per_page}
        onChange={(e) => onPerPage(Number(e.target.value))}
        sx={{ minWidth: 130 }}
      >
        {PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography aria-live="polite" data-testid="sales-page-status">
        Page {paging.current_page.toLocaleString('en-US')} of {paging.last_page.toLocaleString('en-US')} ·{' '}
        {showing(paging, shown)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!paging.prev || busy}
          onClick={() => paging.prev && onStep(paging.prev)}
        >
          Previous
        </Button>
        <Button
          variant="outlined"
          disabled={!paging.next || busy}
          onClick={() => paging.next && onStep(paging.next)}
        >
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
