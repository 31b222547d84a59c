import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WAIT_CODES } from '@portal/contract';
import { generatePath, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { useSecureAccount } from './api';

const TITLE = 'Secure Your Account';

/** The reason a securing failed, and whether pressing the button again can help. */
function failure(error: unknown): { text: string; retry: boolean } {
  if (error instanceof ApiError && error.refused && !WAIT_CODES.has(error.code))
    return { text: error.body.message || 'This link cannot be used.', retry: false };
  const text = error instanceof ApiError && error.body.message ? error.body.message : '';
  return { text: text || 'Your account could not be secured just now. Please try again.', retry: true };
}

/**
 * /secure-account/{token}, "Not you? Secure my account" in every alert email (decision 0049). Nothing
 * happens on opening the link (mail scanners open links): the button signs out every session, then the
 * reply's reset token leads straight to Change your Password. This browser forgets its session too.
 */
export default function SecureAccountPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { clearSession } = useSession();
  const secure = useSecureAccount();
  const failed = secure.isError ? failure(secure.error) : null;
  const busy = secure.isPending || secure.isSuccess;

  const onSecure = () =>
    secure.mutate(
      { token },
      {
        onSuccess: (reply) => {
          clearSession();
          navigate(generatePath(PAGES.resetPassword.path, { token: reply.reset_token, game: reply.game }), {
            replace: true,
          });
        },
      },
    );

  return (
    <AuthLayout
      aside={{
        title: TITLE,
        text: 'If someone else got into your account, sign them out everywhere and choose a new password.',
      }}
    >
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {TITLE}
        </Typography>
        <Typography>
          We emailed you about a change or sign-in on your account. If it was not you, secure your account
          now:
        </Typography>
        <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
          <li>
            Every session is signed out: browsers, the game launchers' saved PIN sign-ins and apps that sign
            in with your portal account.
          </li>
          <li>You then choose a new password right away.</li>
        </Typography>
        {failed ? (
          <Alert severity="error" role="alert">
            {failed.text}
          </Alert>
        ) : null}
        {failed && !failed.retry ? (
          <Typography>
            To secure your account anyway, ask for a new password with{' '}
            <Link component={RouterLink} to={PAGES.forgotPassword.path}>
              Forgot password
            </Link>
            : setting it signs you out everywhere too.
          </Typography>
        ) : (
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            aria-busy={busy}
            onClick={onSecure}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {busy ? 'Securing your account…' : 'Secure my account'}
          </Button>
        )}
      </Stack>
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={PAGES.login.path}>
          Back to sign in
        </Link>
      </Typography>
    </AuthLayout>
  );
}
