import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuthLayout } from '../../shell/AuthLayout';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { VerificationOutcome, verificationFailure } from '../../shell/VerificationOutcome';
import { useCancelEmailChange } from './api';

const TITLE = 'Cancel Email Change';

/**
 * /email-change/cancel/{token}, from the mail to the old address: one button undoes the change (a button,
 * not the link itself, so a mail scanner that opens links changes nothing). The server signs every session
 * out, so this browser forgets its player session too.
 */
export default function EmailChangeCancelPage() {
  const { token = '' } = useParams();
  const cancel = useCancelEmailChange();
  const { clearSession } = useSession();
  const done = cancel.isSuccess;
  useEffect(() => {
    if (done) clearSession();
  }, [done, clearSession]);

  const result = cancel.isSuccess
    ? { ok: true, text: cancel.data.message }
    : cancel.isError
      ? { ok: false, text: verificationFailure(cancel.error) }
      : null;

  return (
    <AuthLayout
      aside={{
        title: TITLE,
        text: 'Only the owner of the previous address can undo a change of the sign-in email.',
      }}
    >
      {cancel.isIdle || cancel.isPending ? (
        <Stack spacing={3}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {TITLE}
          </Typography>
          <Typography>
            The email address of your account was changed. If you did not make this change, cancel it: your
            account gets this address back and every session is signed out.
          </Typography>
          <Button
            variant="contained"
            size="large"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ token })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel the change'}
          </Button>
        </Stack>
      ) : (
        <VerificationOutcome title={TITLE} pendingText="" result={result} />
      )}
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={PAGES.login.path}>
          Back to sign in
        </Link>
        {' · '}
        <Link component={RouterLink} to={PAGES.forgotPassword.path}>
          Reset your password
        </Link>
      </Typography>
    </AuthLayout>
  );
}
