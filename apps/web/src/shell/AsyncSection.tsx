import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { visuallyHidden } from './visuallyHidden';

/** What the section reads of a react-query result (a query or an infinite query). */
interface AsyncResult<T> {
  isPending: boolean;
  /** True while another try is on its way: Try again waits for it. */
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface AsyncSectionProps<T, C> {
  query: AsyncResult<T>;
  /**
   * What the section holds, as a sentence names it: 'your sessions' reads 'Loading your sessions' (the
   * skeleton's name, announced politely) and 'Your sessions could not be loaded.' (then the server's reason).
   */
  what: string;
  /** Picks what the section shows out of the reply (by default the reply itself). */
  select?: (data: T) => C;
  /** Shown instead of the content when it is an empty list; a string reads as a quiet line. */
  empty?: ReactNode;
  /** How many placeholder rows the skeleton draws. */
  rows?: number;
  children: (content: C) => ReactNode;
}

/** The server's reason, when it gave one that says more than `failed`. */
function reason(error: unknown, failed: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.body.message;
  return message && message !== failed ? message : null;
}

/**
 * One list or result inside a page, through the states of its query: a skeleton while the first answer is on
 * its way, a failure (what failed, the server's reason, Try again to fetch once more), an empty state with
 * its own words, then the content. Data already shown stays shown when a later fetch fails (a page more, a
 * refresh): the caller says so where it matters.
 */
export function AsyncSection<T, C = T>({
  query,
  what,
  select = (data) => data as unknown as C,
  empty,
  rows = 3,
  children,
}: AsyncSectionProps<T, C>) {
  const loading = `Loading ${what}`;
  const failed = `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`;
  if (query.isPending) {
    return (
      <Box role="status" aria-live="polite" aria-label={loading}>
        <Box component="span" sx={visuallyHidden}>
          {loading}
        </Box>
        <Stack spacing={1} aria-hidden="true">
          {Array.from({ length: rows }, (_, n) => `row-${n}`).map((row) => (
            <Skeleton key={row} variant="rounded" height={48} />
          ))}
        </Stack>
      </Box>
    );
  }
  if (query.data === undefined) {
    const why = reason(query.error, failed);
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        }
      >
        {why ? (
          <>
            <AlertTitle>{failed}</AlertTitle>
            <span>{why}</span>
          </>
        ) : (
          failed
        )}
      </Alert>
    );
  }
  const content = select(query.data);
  if (empty !== undefined && Array.isArray(content) && content.length === 0) {
    return typeof empty === 'string' ? <Typography color="text.secondary">{empty}</Typography> : empty;
  }
  return children(content);
}
