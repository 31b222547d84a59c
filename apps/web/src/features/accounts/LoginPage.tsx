import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { GAME_LABELS, isRouteGame } from '../../lib/games';
import { AuthLayout } from '../../shell/AuthLayout';
import { SUPPORT_URL } from '../../shell/links';
import { PasswordField } from '../../shell/PasswordField';
import { useLogoutBanner } from '../../shell/useLogoutBanner';

const GAME_CHOICES = [
  { value: 'yggdra', label: 'YGGDRA Rebirth' },
  { value: 'caliber', label: 'Caliber' },
] as const;

export default function LoginPage() {
  const params = useParams();
  const game = isRouteGame(params.game) ? params.game : null;
  const suffix = game ? `/${game}` : '';
  const loggedOut = useLogoutBanner();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Sign-in itself arrives with the accounts feature; until then the form stays on this page.
    event.preventDefault();
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

      <Box
        component="nav"
        aria-label="Login or register"
        sx={{
          display: 'flex',
          p: 0.5,
          mb: 3,
          borderRadius: 2,
          bgcolor: 'action.hover',
          '& a': { whiteSpace: 'nowrap', fontSize: { xs: '0.8125rem', sm: '0.875rem' } },
        }}
      >
        <Button
          component={RouterLink}
          to={`/login${suffix}`}
          aria-current="page"
          fullWidth
          sx={{
            bgcolor: 'background.paper',
            color: 'text.primary',
            boxShadow: 1,
            '&:hover': { bgcolor: 'background.paper' },
          }}
        >
          Login
        </Button>
        <Button component={RouterLink} to={`/register${suffix}`} fullWidth sx={{ color: 'text.secondary' }}>
          CREATE AN ACCOUNT
        </Button>
      </Box>

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
              defaultValue=""
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
            fullWidth
          />
          <PasswordField
            name="password"
            label="Password"
            placeholder="password"
            autoComplete="current-password"
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" fullWidth>
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

      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: '0.875rem' }}>or</Divider>

      <Stack spacing={1.5}>
        <Button
          href="/api/auth/google"
          variant="outlined"
          color="inherit"
          size="large"
          startIcon={<GoogleIcon />}
        >
          Continue with Google
        </Button>
        <Button
          href="/api/auth/facebook"
          variant="outlined"
          color="inherit"
          size="large"
          startIcon={<FacebookIcon />}
        >
          Continue with Facebook
        </Button>
      </Stack>

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
