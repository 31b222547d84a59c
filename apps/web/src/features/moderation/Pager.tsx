import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Page N with Previous and Next, for the lists the server gives 50 at a time with `has_more`. */
export function Pager({
  page,
  hasMore,
  busy,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  /** While the next page loads (the shown one stays): Next waits. */
  busy: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
        Page {page}
      </Typography>
      <Button variant="outlined" size="small" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="outlined" size="small" disabled={!hasMore || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
