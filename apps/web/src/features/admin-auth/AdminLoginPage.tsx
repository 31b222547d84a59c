import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { AuthLayout } from '../../shell/AuthLayout';
import { PasswordField } from '../../shell/PasswordField';
import { useLogoutBanner } from '../../shell/useLogoutBanner';

export default function AdminLoginPage() {
  const loggedOut = useLogoutBanner();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Staff sign-in arrives with the admin-auth feature; until then the form stays on this page.
    event.preventDefault();
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

      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Admin login">
        <Stack spacing={2}>
          <TextField name="email" label="Email" type="email" autoComplete="username" fullWidth />
          <PasswordField name="password" label="Password" autoComplete="current-password" fullWidth />
          <Button type="submit" variant="contained" size="large" fullWidth>
            Continue
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
