import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminLoginReply } from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { useLogoutBanner } from '../../shell/useLogoutBanner';

/** Spec section 4: the Dashboard opens 1 s after a successful sign-in. */
export const ADMIN_LOGIN_REDIRECT_MS = 1000;

/** The spec's admin login messages (section 8); a 429 shows the server's lockout text. */
export function adminLoginError(error: unknown): string {
  if (!(error instanceof ApiError)) return ADMIN_MESSAGES.unexpected;
  if (error.status === 0) return ADMIN_MESSAGES.network;
  if (error.status === 401) return ADMIN_MESSAGES.invalidCredentials;
  if (error.status === 403) return ADMIN_MESSAGES.inactive;
  if (error.status === 429) return error.body.message;
  return ADMIN_MESSAGES.unexpected;
}

export default function AdminLoginPage() {
  const loggedOut = useLogoutBanner();
  const { signInAdmin } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || success) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const reply = await api.post<AdminLoginReply>(
        '/api/admin/login',
        { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
        { auth: 'none' },
      );
      setSuccess(true);
      // The session is stored after the banner delay, so the guard does not leave this page early.
      timer.current = setTimeout(() => {
        signInAdmin(reply.token, reply.admin);
        navigate('/mlg/admin/dashboard', { replace: true });
      }, ADMIN_LOGIN_REDIRECT_MS);
    } catch (caught) {
      setError(adminLoginError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      aside={{
        title: 'Games Portal back-office',
        text: 'Dashboards, player tables, referral codes and sales orders for the publisher’s staff.',
      }}
    >
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
        <AdminPanelSettingsIcon color="primary" aria-hidden="true" />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
          ADMIN LOGIN
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Staff only. Sign in with your administrator account.
      </Typography>

      {loggedOut && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="logout-banner">
          Logged Out Successfully!
        </Alert>
      )}

      {success && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {ADMIN_MESSAGES.loginBanner}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Admin login">
        <Stack spacing={2}>
          <TextField name="email" label="Email" type="email" autoComplete="username" fullWidth />
          <PasswordField name="password" label="Password" autoComplete="current-password" fullWidth />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || success}>
            Continue
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
