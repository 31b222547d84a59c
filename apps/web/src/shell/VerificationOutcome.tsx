import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../lib/api';

/** The text of a failed verification call: the server's message, else a generic one. */
export function verificationFailure(error: unknown): string {
  return error instanceof ApiError && error.body.message ? error.body.message : 'Verification failed.';
}

/**
 * An email-verification screen's heading and outcome: a spinner with `pendingText` until `result`, then
 * the result as a success (status) or error (alert).
 */
export function VerificationOutcome({
  title,
  pendingText,
  result,
}: {
  title: string;
  pendingText: string;
  result: { ok: boolean; text: string } | null;
}) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{pendingText}</Typography>
        </Stack>
      )}
    </>
  );
}
