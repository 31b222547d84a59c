import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { totpDisableRequestSchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField } from '../../shell/FormTextField';
import { PasswordField } from '../../shell/PasswordField';
import { type Audience, useTotpDisable } from './api';

/** Turning TOTP off asks for the password and a code (from the app, or a recovery code). */
export function TurnOffForm({
  audience,
  onTurnedOff,
  onCancel,
}: {
  audience: Audience;
  onTurnedOff: (message: string) => void;
  onCancel: () => void;
}) {
  const disable = useTotpDisable(audience);
  const form = useForm({
    resolver: zodResolver(totpDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: (reply) => onTurnedOff(reply.message),
      onError: (error) => {
        if (showFieldErrors(error, form)) disable.reset();
      },
    }),
  );

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={onSubmit}
      aria-label="Turn off two-step verification"
    >
      <Typography>
        Confirm with your password and a code from your authenticator app (or one of your recovery codes).
      </Typography>
      {disable.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(disable.error, 'Two-step verification could not be turned off. Please try again.')}
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="password"
        component={PasswordField}
        label="Password"
        autoComplete="current-password"
        required
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="code"
        label="Authentication code or recovery code"
        autoComplete="one-time-code"
        required
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color="error" disabled={disable.isPending}>
          Turn off
        </Button>
        <Button onClick={onCancel} disabled={disable.isPending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
