import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeveloperVerifyReply } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';

/** /developer-verifyemail/{token}: opens the developer link once and shows the server's message. */
export default function DeveloperVerifyPage() {
  const { uuid = '' } = useParams();
  const [result, setResult] = useState<DeveloperVerifyReply | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!uuid) {
      setResult({ success: false, message: 'This developer verification link is incomplete.' });
      return;
    }
    api
      .get<DeveloperVerifyReply>(`/api/developer-verifyemail/${encodeURIComponent(uuid)}`, { auth: 'none' })
      .then(setResult)
      .catch((error) =>
        setResult({
          success: false,
          message:
            error instanceof ApiError && error.body.message ? error.body.message : 'Verification failed.',
        }),
      );
  }, [uuid]);

  return (
    <AuthLayout
      aside={{ title: 'Caliber developers', text: 'Developer accounts sign in to developer builds.' }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Developer Email Verification
      </Typography>
      {result ? (
        <Alert severity={result.success ? 'success' : 'error'} role={result.success ? 'status' : 'alert'}>
          {result.message}
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} />
          <Typography>Verifying your developer account…</Typography>
        </Stack>
      )}
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          Back to Sign In
        </Link>
      </Typography>
    </AuthLayout>
  );
}
