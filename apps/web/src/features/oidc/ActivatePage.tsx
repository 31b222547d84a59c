import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { activateHref } from '@portal/contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { loginReturningTo } from '../../shell/return-path';
import { useSession } from '../../shell/session';
import { AppRequest } from './AppRequest';
import { useDecideDevice, useDescribeDevice } from './api';
import { formatUserCode } from './scopes';

/**
 * /activate: the player types the code a console or TV shows (RFC 8628; upper case and the dash are added as
 * they type), signs in by any of the portal's methods if needed (coming back here with the code), sees which
 * app asks for what and approves or denies it.
 */
export default function ActivatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { player, clearSession } = useSession();
  const [code, setCode] = useState(() => formatUserCode(params.get('user_code') ?? ''));
  const describe = useDescribeDevice();
  const decide = useDecideDevice();
  const started = useRef(false);
  const signedIn = player.isAuthenticated;

  const check = (userCode: string) => {
    decide.reset();
    if (!signedIn) {
      navigate(loginReturningTo(activateHref(userCode)));
      return;
    }
    describe.mutate(userCode);
  };

  // Back from sign-in (or opened from the device's QR code) with the code: look it up at once.
  useEffect(() => {
    if (started.current || !signedIn || !params.get('user_code')) return;
    started.current = true;
    describe.mutate(formatUserCode(params.get('user_code') ?? ''));
  }, [signedIn, params, describe]);

  const expired = [describe.error, decide.error].some(
    (error) => error instanceof ApiError && error.code === 'UNAUTHENTICATED',
  );
  useEffect(() => {
    if (expired) clearSession();
  }, [expired, clearSession]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code) check(code);
  };

  const request = describe.data;
  const failure = describe.error ?? decide.error;
  const busy = describe.isPending || decide.isPending;

  return (
    <AuthLayout
      aside={{ title: 'Sign in on your device', text: 'Approve your console or TV from your phone.' }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Activate a device
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the code shown on your console or TV.
      </Typography>
      {decide.isSuccess ? (
        <Alert severity={decide.variables?.approve ? 'success' : 'info'} role="status">
          {decide.data.message}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {failure && !expired && (
            <Alert severity="error">
              {errorMessage(failure, 'The code could not be checked. Please try again.')}
            </Alert>
          )}
          {request && !describe.isPending ? (
            <>
              <Typography>
                Code <strong>{request.user_code}</strong>
              </Typography>
              <AppRequest client={request.client} scopes={request.scopes} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  variant="contained"
                  size="large"
                  disabled={busy}
                  onClick={() => decide.mutate({ user_code: request.user_code, approve: true })}
                >
                  Approve
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  disabled={busy}
                  onClick={() => decide.mutate({ user_code: request.user_code, approve: false })}
                >
                  Deny
                </Button>
              </Stack>
            </>
          ) : (
            <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Device code">
              <TextField
                label="Code"
                value={code}
                onChange={(event) => setCode(formatUserCode(event.target.value))}
                placeholder="XXXX-XXXX"
                autoComplete="one-time-code"
                autoFocus
                required
                helperText={signedIn ? ' ' : 'You will sign in to your portal account next.'}
                slotProps={{
                  htmlInput: {
                    autoCapitalize: 'characters',
                    spellCheck: false,
                    inputMode: 'text',
                    style: { letterSpacing: '0.2em', fontSize: '1.4rem' },
                  },
                }}
              />
              <Button type="submit" variant="contained" size="large" disabled={busy || !code}>
                {signedIn ? 'Continue' : 'Sign in to continue'}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </AuthLayout>
  );
}
