import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { GAME_LABELS, isRouteGame } from '../../lib/games';
import type { StoredUser } from '../../lib/storage';
import { AuthLayout } from '../../shell/AuthLayout';
import { SUPPORT_URL } from '../../shell/links';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { useLogoutBanner } from '../../shell/useLogoutBanner';
import { AuthTabs } from './AuthTabs';
import { SocialButtons } from './SocialButtons';
import { DELAYS, LOGIN_TEXT } from './text';

const GAME_CHOICES = [
  { value: 'yggdra', label: 'YGGDRA Rebirth' },
  { value: 'caliber', label: 'Caliber' },
] as const;

export default function LoginPage() {
  const params = useParams();
  const game = isRouteGame(params.game) ? params.game : null;
  const suffix = game ? `/${game}` : '';
  const loggedOut = useLogoutBanner();
  const [query] = useSearchParams();
  const social = query.get('social');
  const navigate = useNavigate();
  const { signInPlayer } = useSession();
  const [picked, setPicked] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || success) return;
    setPending(true);
    setError(null);
    try {
      const chosen = game ?? (picked || undefined);
      const reply = await api.post<{ token: string; user: StoredUser }>(
        '/login',
        { email, password, ...(chosen ? { game: chosen } : {}) },
        { auth: 'none' },
      );
      setSuccess(true);
      // Signing in makes this a guest-only page, so the session is stored as the banner's second ends.
      timer.current = setTimeout(() => {
        signInPlayer(reply.token, reply.user);
        navigate('/profile', { replace: true });
      }, DELAYS.loginRedirect);
    } catch (caught) {
      setPending(false);
      if (!(caught instanceof ApiError)) return;
      const body = caught.body;
      if (caught.status === 422 && body.errors) {
        setError(Object.values(body.errors).flat().join('\n'));
      } else if ([401, 403, 429].includes(caught.status)) {
        setError(typeof body.error === 'string' ? body.error : body.message);
      }
    }
  };

  return (
    <AuthLayout
      aside={{
        title: 'One account for all your games',
        text: 'Sign in to manage your profile, register for Caliber and Tales Runner, and shop the Yggdra and Tales Runner webshops.',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
        LOGIN
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {game ? `Sign in to continue to ${GAME_LABELS[game]}.` : 'Enter your email and password to sign in.'}
      </Typography>

      <AuthTabs current="login" suffix={suffix} />

      {success && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {LOGIN_TEXT.loginSuccess}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {social === 'error' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          We could not finish your social sign-in. Please try again.
        </Alert>
      ) : social !== null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Please check your email: we sent you a message to finish setting up your account. Then log in here.
        </Alert>
      ) : null}
      {loggedOut && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="logout-banner">
          Logged Out Successfully!
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Login">
        <Stack spacing={2}>
          {!game && (
            <TextField
              select
              name="game"
              label="Pick Your Desired Game for Login"
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Select a game
              </option>
              {GAME_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            name="email"
            label="Email"
            placeholder="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            fullWidth
          />
          <PasswordField
            name="password"
            label="Password"
            placeholder="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || success}>
            {game ? `Continue to ${GAME_LABELS[game]}` : 'Continue'}
          </Button>
        </Stack>
      </Box>

      <Stack spacing={0.5} sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/password/request" variant="body2">
          Forgot your password?
        </Link>
        <Link component={RouterLink} to="/confirmation/resend" variant="body2">
          Didn't receive confirmation instructions?
        </Link>
      </Stack>

      <SocialButtons divider="or" />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        sx={{ mt: 4 }}
        component="footer"
      >
        <Typography variant="body2" color="text.secondary">
          Don't have an account yet?{' '}
          <Link component={RouterLink} to={`/register${suffix}`}>
            Register
          </Link>
        </Typography>
        <Link href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" variant="body2">
          Need Help
        </Link>
      </Stack>
    </AuthLayout>
  );
}
