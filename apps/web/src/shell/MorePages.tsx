import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../lib/api';

/** What MorePages reads of an infinite query. */
interface PagedResult {
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Below a list read a page at a time: why the next page could not be read, and the button that reads it
 * while there is one ('Loading…' meanwhile).
 */
export function MorePages({ query, failed, more }: { query: PagedResult; failed: string; more: string }) {
  return (
    <>
      {query.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(query.error, failed)}
        </Alert>
      )}
      {query.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : more}
        </Button>
      )}
    </>
  );
}
