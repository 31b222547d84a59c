import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../shell/session';
import { useMfaStatus } from './api';
import TwoStepSection from './TwoStepSection';

const DASHBOARD_PATH = '/mlg/admin/dashboard';

/**
 * /mlg/admin/two-step-setup: where the admin route guard sends an admin who must turn on two-step
 * verification (ADMIN_MFA=required) before the back-office opens.
 */
export default function AdminTwoStepSetupPage() {
  const navigate = useNavigate();
  const { admin } = useSession();
  const status = useMfaStatus('admin', admin.adminToken);
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      {/* On a card, so the title reads clearly over the accent-coloured header band (AA contrast). */}
      <Paper sx={{ px: 3, py: 2.5, borderRadius: 4 }}>
        <Typography variant="h5" component="h1">
          Set up two-step verification
        </Typography>
      </Paper>
      {status.data?.setup_required ? (
        <Alert severity="info">
          The back-office needs two-step verification. Turn it on with an authenticator app to continue.
        </Alert>
      ) : (
        status.data?.totp_enabled && (
          <Button
            component={RouterLink}
            to={DASHBOARD_PATH}
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
          >
            Continue to the dashboard
          </Button>
        )
      )}
      <TwoStepSection audience="admin" onSetUp={() => navigate(DASHBOARD_PATH, { replace: true })} />
    </Stack>
  );
}
