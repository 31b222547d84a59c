import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { useMfaStatus } from './api';
import TwoStepSection from './TwoStepSection';

/**
 * /mlg/admin/two-step-setup: where the admin route guard sends an admin who must turn on two-step
 * verification (ADMIN_MFA=required) before the back-office opens. The session that turned it on signed in
 * without it and stays limited to this page (decision 0063): the admin signs in again, with a code.
 */
export default function AdminTwoStepSetupPage() {
  const navigate = useNavigate();
  const { admin } = useSession();
  const status = useMfaStatus('admin', admin.adminToken);
  const signInAgain = Boolean(status.data?.totp_enabled && status.data.setup_required);
  const onSetUp = async () => {
    const { data } = await status.refetch();
    navigate(data?.setup_required ? PAGES.adminLogout.path : PAGES.dashboard.path, { replace: true });
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      {/* On a card, so the title reads clearly over the accent-coloured header band (AA contrast). */}
      <Paper sx={{ px: 3, py: 2.5, borderRadius: 4 }}>
        <Typography variant="h5" component="h1">
          Set up two-step verification
        </Typography>
      </Paper>
      {signInAgain ? (
        <>
          <Alert severity="info">
            Two-step verification is on. Sign in again with a code from your authenticator app to open the
            back-office.
          </Alert>
          <Button
            component={RouterLink}
            to={PAGES.adminLogout.path}
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
          >
            Sign in again
          </Button>
        </>
      ) : status.data?.setup_required ? (
        <Alert severity="info">
          The back-office needs two-step verification. Turn it on with an authenticator app to continue.
        </Alert>
      ) : (
        status.data?.totp_enabled && (
          <Button
            component={RouterLink}
            to={PAGES.dashboard.path}
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
          >
            Continue to the dashboard
          </Button>
        )
      )}
      <TwoStepSection audience="admin" onSetUp={() => void onSetUp()} />
    </Stack>
  );
}
