import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { isRouteGame } from '../../lib/games';
import { AuthLayout } from '../../shell/AuthLayout';
import { accountsApi } from './api';
import { DELAYS } from './text';

/** /verifyemail/{token}/{game} (and /login/{game}/{token}): verifies, shows the message, then that game's login. */
export default function VerifyEmailPage() {
  const { uuid = '', game = '' } = useParams();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    accountsApi
      .verifyEmail(uuid, game || 'caliber')
      .then((reply) => setResult({ ok: true, text: reply.message }))
      .catch((error) =>
        setResult({
          ok: false,
          text: error instanceof ApiError && error.body.message ? error.body.message : 'Verification failed.',
        }),
      )
      .finally(() => {
        timer = setTimeout(
          () => navigate(isRouteGame(game) ? `/login/${game}` : '/login', { replace: true }),
          DELAYS.verificationRedirect,
        );
      });
    return () => clearTimeout(timer);
  }, [uuid, game, navigate]);

  return (
    <AuthLayout
      aside={{ title: 'Email Verification', text: 'Confirming your email address keeps your account safe.' }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Email Verification
      </Typography>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} />
          <Typography>Verifying your email address…</Typography>
        </Stack>
      )}
    </AuthLayout>
  );
}
