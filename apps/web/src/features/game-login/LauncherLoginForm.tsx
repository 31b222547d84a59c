import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { PasswordField } from '../../shell/PasswordField';
import { gameLoginApi, launcherPath } from './api';

/**
 * The Caliber launcher sign-in (LoginAPI). Password mode asks for email and password; PIN mode asks for
 * the 4-digit PIN of the player named by the `user` query (email or uuid), or for both when the launcher
 * did not say. The `developer` query goes along to the server. On success the browser goes to the
 * launcher URL with its one-time code; refusals show the server's errorMessage in a red banner.
 */
export function LauncherLoginForm({ mode }: { mode: 'password' | 'pin' }) {
  const [params] = useSearchParams();
  const developer = params.get('developer');
  const knownUser = params.get('user')?.trim() || '';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [user, setUser] = useState(knownUser);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const reply =
        mode === 'pin'
          ? await gameLoginApi.withPin({ user, pin, developer })
          : await gameLoginApi.withPassword({ email, password, developer });
      if ('redirectURL' in reply.data) {
        setOpening(true);
        window.location.assign(reply.data.redirectURL);
      } else {
        setError(reply.data.errorMessage);
        setPin('');
      }
    } catch (err) {
      setError(errorMessage(err, 'Network error. Please check your connection.'));
    } finally {
      setBusy(false);
    }
  }

  const pinComplete = /^\d{4}$/.test(pin);
  return (
    <AuthLayout
      aside={{
        title: 'Caliber',
        text: developer ? 'Developer build sign-in.' : 'Sign in to start playing Caliber.',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {mode === 'pin' ? 'PIN LOGIN' : 'LOGIN'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {mode === 'pin'
          ? 'Enter your 4-digit PIN to continue to Caliber.'
          : 'Sign in to continue to Caliber.'}
        {developer ? ' (developer build)' : ''}
      </Typography>
      {error && (
        <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {opening && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Signed in. Opening Caliber…
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {mode === 'password' ? (
          <>
            <TextField
              label="Email"
              placeholder="{email}"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoFocus
            />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </>
        ) : (
          <>
            {knownUser ? (
              <Typography>
                Signing in as <strong>{knownUser}</strong>
              </Typography>
            ) : (
              <TextField
                label="Email"
                autoComplete="username"
                value={user}
                onChange={(e) => setUser(e.target.value)}
                required
                autoFocus
              />
            )}
            <TextField
              label="PIN (4 digits)"
              type="password"
              autoComplete="off"
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, pattern: '\\d{4}' } }}
              required
              autoFocus={Boolean(knownUser)}
            />
          </>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || opening || (mode === 'pin' ? !pinComplete || !user : !email || !password)}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Continue
        </Button>
      </Stack>
      <Typography sx={{ mt: 3 }} variant="body2">
        {mode === 'pin' ? (
          <Link component={RouterLink} to={launcherPath('/loginapi', { developer })}>
            Sign in with email and password instead
          </Link>
        ) : (
          <Link component={RouterLink} to="/password/request">
            Forgot your password?
          </Link>
        )}
      </Typography>
    </AuthLayout>
  );
}
