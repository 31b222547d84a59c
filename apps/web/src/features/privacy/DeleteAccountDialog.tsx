import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ERASURE_DELAY_DAYS } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { PasswordField } from '../../shell/PasswordField';
import { PAGES } from '../../shell/pages';
import { requestAccountDeletion } from './api';

/**
 * Asks for the password (or, when the server says the account has none, the email address), then shows the
 * date the data will be erased and signs out: the server has already ended every session.
 */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [askEmail, setAskEmail] = useState(false);
  // A two-step account confirms with a code too (docs/decisions/0038-step-up.md): asked once the server says so.
  const [askCode, setAskCode] = useState(false);
  const remove = useMutation({
    mutationFn: requestAccountDeletion,
    onError: (error) => {
      if (error instanceof ApiError && error.body.errors?.email && !askEmail) setAskEmail(true);
      if (error instanceof ApiError && error.body.errors?.code) setAskCode(true);
    },
  });
  const fieldErrors = remove.error instanceof ApiError ? remove.error.body.errors : undefined;
  const fieldError = (askEmail ? fieldErrors?.email : fieldErrors?.password)?.[0];
  const otherError = remove.isError && !fieldErrors ? errorMessage(remove.error, 'Please try again.') : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = String(data.get('proof') ?? '');
    const code = askCode ? { code: String(data.get('code') ?? '') } : {};
    remove.mutate(askEmail ? { email: value, ...code } : { password: value, ...code });
  };

  if (remove.isSuccess)
    return (
      <Dialog open aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">Your account will be deleted</DialogTitle>
        <DialogContent>
          <DialogContentText role="status">
            Your personal data will be erased on {formatDate(remove.data.erasure_due)}. You have been signed
            out everywhere. To keep your account, sign in before then and choose “Keep my account”.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            autoFocus
            onClick={() => navigate(PAGES.logout.path, { replace: true })}
          >
            OK
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-account-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            You will be signed out everywhere. Your personal data is erased in {ERASURE_DELAY_DAYS} days; sign
            in before then to keep it. Your orders are kept without your name or email, for accounting.
          </DialogContentText>
          {otherError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {otherError}
            </Alert>
          )}
          {askEmail ? (
            <TextField
              key="email"
              name="proof"
              label="Your email address"
              helperText={
                remove.variables?.email
                  ? fieldError
                  : 'Your account has no password: type its email address to confirm.'
              }
              error={Boolean(fieldError && remove.variables?.email)}
              type="email"
              autoComplete="email"
              fullWidth
              required
              autoFocus
            />
          ) : (
            <PasswordField
              name="proof"
              label="Password"
              helperText={fieldError}
              error={Boolean(fieldError)}
              autoComplete="current-password"
              fullWidth
              required
              autoFocus
            />
          )}
          {askCode && (
            <TextField
              name="code"
              label="Authentication code or recovery code"
              helperText={fieldErrors?.code?.[0] ?? 'Two-step verification is on: enter a code too.'}
              error={Boolean(fieldErrors?.code)}
              autoComplete="one-time-code"
              fullWidth
              required
              autoFocus
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={remove.isPending}>
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
