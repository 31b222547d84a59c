import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordChangeRequestSchema } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { ConfirmCodeField } from '../../shell/ConfirmCodeField';
import { FormTextField } from '../../shell/FormTextField';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { useMfaStatus } from '../mfa';
import { useChangePassword, useEmailPasswordLink } from './api';

const EMPTY = { current_password: '', password: '', password_confirmation: '', code: '' };

/**
 * "Password" on the player's Security page: the current password, the new one twice and, with two-step
 * verification on, a code (or a recovery code). Saved, every other session is signed out and a notice is
 * mailed (docs/decisions/0045-account-care.md). An account made by Google or Facebook sign-in without a
 * password has none to prove: it is offered the emailed link that sets one.
 */
export function PasswordSection() {
  const { player } = useSession();
  if (player.user?.has_password === false && typeof player.user.email === 'string')
    return <SetFirstPassword email={player.user.email} />;
  return <ChangePassword />;
}

/** The section's card: its heading, what it does, the last outcome (success or failure), then its controls. */
function PasswordCard({
  intro,
  done,
  onDoneClose,
  failure,
  onFailureClose,
  children,
}: {
  intro: ReactNode;
  done: string | null;
  onDoneClose?: () => void;
  failure: string | null;
  onFailureClose: () => void;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby="password-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="password-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        {done && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={onDoneClose}>
            {done}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={onFailureClose}>
            {failure}
          </Alert>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

function SetFirstPassword({ email }: { email: string }) {
  const send = useEmailPasswordLink();
  return (
    <PasswordCard
      intro={`You sign in with Google or Facebook, and your account has no password yet. To set one, we email a link to ${email}: opening it proves it is you.`}
      done={send.isSuccess ? send.data.message : null}
      failure={
        send.isError ? errorMessage(send.error, 'The link could not be sent. Please try again.') : null
      }
      onFailureClose={() => send.reset()}
    >
      <Button
        variant="contained"
        onClick={() => send.mutate(email)}
        disabled={send.isPending || send.isSuccess}
      >
        {send.isPending ? 'Sending…' : 'Email me a link to set a password'}
      </Button>
    </PasswordCard>
  );
}

function ChangePassword() {
  const { player } = useSession();
  const mfa = useMfaStatus('player', player.token);
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(passwordChangeRequestSchema), defaultValues: EMPTY });
  const [done, setDone] = useState<string | null>(null);
  // Also when the server asks for a code the status did not announce (it could not be read).
  const askCode = mfa.data?.totp_enabled === true || Boolean(form.formState.errors.code);

  const onSubmit = form.handleSubmit((values) => {
    setDone(null);
    change.mutate(
      { ...values, code: askCode ? values.code : null },
      {
        onSuccess: (reply) => {
          form.reset(EMPTY);
          setDone(reply.message);
        },
        onError: (error) => {
          if (showFieldErrors(error, form)) change.reset();
        },
      },
    );
  });

  return (
    <PasswordCard
      intro="Changing your password signs you out everywhere else."
      done={done}
      onDoneClose={() => setDone(null)}
      failure={
        change.isError
          ? errorMessage(change.error, 'Your password could not be changed. Please try again.')
          : null
      }
      onFailureClose={() => change.reset()}
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Change password"
        sx={{ maxWidth: 480 }}
      >
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="current_password"
            component={PasswordField}
            label="Current password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            control={form.control}
            names={['password', 'password_confirmation']}
            labels={['New password', 'Confirm new password']}
            required
          />
          {askCode && (
            <ConfirmCodeField
              control={form.control}
              name="code"
              disabled={change.isPending}
              onSwitch={() => form.setValue('code', '')}
            />
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Change password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </PasswordCard>
  );
}
