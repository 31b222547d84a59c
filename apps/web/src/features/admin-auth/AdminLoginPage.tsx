import { zodResolver } from '@hookform/resolvers/zod';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminLoginReply, adminLoginRequestSchema, WAIT_CODES } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, NO_REPLY } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { FormTextField } from '../../shell/FormTextField';
import { PasskeySignInButton } from '../../shell/PasskeySignInButton';
import { PasswordField } from '../../shell/PasswordField';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { useLogoutBanner } from '../../shell/useLogoutBanner';
import { mfaSignIn, useSignInFlow } from '../mfa';
import { useAdminLogin } from './api';

/** Spec section 4: the Dashboard opens 1 s after a successful sign-in. */
const ADMIN_LOGIN_REDIRECT_MS = 1000;

/**
 * The spec's admin login messages (section 8), by status as the spec words them: a 401 or 403 with or without
 * the portal's code (a proxy's page has none); a 429 shows the server's lockout text.
 */
export function adminLoginError(error: unknown): string {
  if (!(error instanceof ApiError)) return ADMIN_MESSAGES.unexpected;
  if (error.code === NO_REPLY) return ADMIN_MESSAGES.network;
  if (error.status === 401) return ADMIN_MESSAGES.invalidCredentials;
  if (error.status === 403) return ADMIN_MESSAGES.inactive;
  if (WAIT_CODES.has(error.code)) return error.body.message;
  return ADMIN_MESSAGES.unexpected;
}

export default function AdminLoginPage() {
  const loggedOut = useLogoutBanner();
  const { signInAdmin } = useSession();
  const navigate = useNavigate();
  const login = useAdminLogin();
  const form = useForm({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  // The session is stored after the banner delay, so the guard does not leave this page early.
  const flow = useSignInFlow<AdminLoginReply>({
    verify: mfaSignIn.admin,
    onSignedIn: (reply) =>
      flow.announce(() => {
        signInAdmin(reply.token, reply.admin);
        navigate(PAGES.dashboard.path, { replace: true });
      }, ADMIN_LOGIN_REDIRECT_MS),
    onBack: () => login.reset(),
  });

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: (reply) => flow.answer(reply) }),
  );

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
          {ADMIN_MESSAGES.loggedOut}
        </Alert>
      )}

      {flow.signedIn && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {ADMIN_MESSAGES.loginBanner}
        </Alert>
      )}
      {login.isError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {adminLoginError(login.error)}
        </Alert>
      )}

      {flow.codeStep}
      {/* Hidden, not gone, during the code step: Back to sign-in finds the email as it was typed. */}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Admin login" hidden={flow.inCodeStep}>
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            fullWidth
          />
          <FormTextField
            control={form.control}
            name="password"
            component={PasswordField}
            label="Password"
            autoComplete="current-password"
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={login.isPending || login.isSuccess}
          >
            Continue
          </Button>
        </Stack>
      </Box>
      {!flow.inCodeStep && (
        <PasskeySignInButton
          audience="admin"
          onSignedIn={flow.answer}
          disabled={login.isPending || login.isSuccess}
        />
      )}
    </AuthLayout>
  );
}
