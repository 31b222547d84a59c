import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { mfaEndpoints, passkeysEndpoints, type StepUpRequest, stepUpEndpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { call } from '../lib/api';
import { showFieldErrors } from '../lib/form-errors';
import type { StepUpAudience } from '../lib/step-up';
import { FormTextField } from './FormTextField';
import { passkeyError } from './PasskeySignInButton';
import { PasswordField } from './PasswordField';
import { passkeyAssertion } from './passkey-assertion';

/**
 * "Confirm it's you" (docs/decisions/0038-step-up.md): the one dialog the API client opens when a change
 * that outlives the session answers 403 STEP_UP_REQUIRED. The password, plus a code while two-step
 * verification is on; or, for an account that has one, a passkey instead of both. Confirmed, the change is made for 10 minutes without
 * asking again; Cancel (or Escape) leaves the change undone.
 */
export default function StepUpDialog({
  audience,
  onDone,
}: {
  audience: StepUpAudience;
  onDone: (confirmed: boolean) => void;
}) {
  const status = useQuery({
    queryKey: ['step-up-mfa-status', audience],
    queryFn: ({ signal }) =>
      call(audience === 'admin' ? mfaEndpoints.adminStatus : mfaEndpoints.status, {}, { signal }),
  });
  // Until the status is known (or when it cannot be read), the code field is offered: it is ignored when off.
  const askCode = status.data?.totp_enabled ?? true;
  const passkeys = useQuery({
    queryKey: ['step-up-passkeys', audience],
    queryFn: ({ signal }) =>
      call(audience === 'admin' ? passkeysEndpoints.adminList : passkeysEndpoints.list, {}, { signal }),
  });
  // Offered only to an account that has a passkey (once the list says so).
  const offerPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;
  const form = useForm({ defaultValues: { password: '', code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const prove = async (proof: StepUpRequest) => {
    setPending(true);
    setFailure(null);
    try {
      await call(stepUpEndpoints[audience], { body: proof });
      onDone(true);
    } catch (error) {
      setPending(false);
      if (!showFieldErrors(error, form))
        setFailure(passkeyError(error, 'Your identity could not be confirmed. Please try again.'));
    }
  };

  const onSubmit = form.handleSubmit(({ password, code }) =>
    prove({ password, ...(askCode && code.trim() ? { code } : {}) }),
  );

  const confirmWithPasskey = async () => {
    setPending(true);
    setFailure(null);
    try {
      await prove({ passkey: await passkeyAssertion(audience) });
    } catch (error) {
      setPending(false);
      setFailure(passkeyError(error, 'The passkey could not confirm it’s you. Please try again.'));
    }
  };

  return (
    <Dialog open onClose={() => onDone(false)} aria-labelledby="step-up-title" fullWidth maxWidth="xs">
      {/* Busy until the account's ways to confirm (two-step, passkeys) are known: the form may still change. */}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Confirm it’s you"
        aria-busy={status.isPending || passkeys.isPending}
      >
        <DialogTitle id="step-up-title">Confirm it’s you</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This change stays after you sign out, so enter your password again
            {askCode ? ' and a code from your authenticator app (or a recovery code)' : ''}. You won’t be
            asked again for 10 minutes.
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2}>
            <FormTextField
              control={form.control}
              name="password"
              component={PasswordField}
              label="Password"
              autoComplete="current-password"
              autoFocus
              fullWidth
            />
            {askCode && (
              <FormTextField
                control={form.control}
                name="code"
                label="Authentication code or recovery code"
                autoComplete="one-time-code"
                hint={status.isPending || status.isError ? 'Only if two-step verification is on.' : undefined}
                fullWidth
              />
            )}
          </Stack>
          {offerPasskey && (
            <>
              <Divider sx={{ my: 2 }}>or</Divider>
              <Button
                variant="outlined"
                fullWidth
                onClick={() => void confirmWithPasskey()}
                disabled={pending}
              >
                Use a passkey
              </Button>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Confirm
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
