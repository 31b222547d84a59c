import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  NICKNAME_MAX,
  PIN_LENGTH,
  registerGameRequestSchema,
  type UserReply,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { digitsOnly } from '../../lib/format';
import { FormTextField } from '../../shell/FormTextField';
import { PasswordField } from '../../shell/PasswordField';
import { useRegisterGame } from './api';

// The game is fixed here: only what the player types is the form's.
const caliberRegistrationSchema = registerGameRequestSchema.omit({ game: true });

/** Caliber's registration: nickname, 4-digit PIN and the current password, in a modal (spec, Profile). */
export default function CaliberRegisterDialog(props: {
  onClose: () => void;
  onDone: (reply: UserReply) => void;
}) {
  const registerGame = useRegisterGame();
  const form = useForm({
    resolver: zodResolver(caliberRegistrationSchema),
    defaultValues: { nickname: '', pin: '', password: '' },
  });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    registerGame.mutate(
      { game: 'caliber', ...values },
      {
        onSuccess: props.onDone,
        onError: (caught) => {
          if (showFieldErrors(caught, form)) return;
          setError(
            caught instanceof ApiError && caught.body.message
              ? caught.body.message
              : ACCOUNT_MESSAGES.caliberRegisterFailed,
          );
        },
      },
    );
  });

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="caliber-modal-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="caliber-modal-title">Register for Caliber</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormTextField
              control={form.control}
              name="nickname"
              label="Nickname"
              required
              slotProps={{ htmlInput: { maxLength: NICKNAME_MAX } }}
            />
            <FormTextField
              control={form.control}
              name="pin"
              label={MESSAGES.pin}
              required
              transform={(text) => digitsOnly(text, PIN_LENGTH)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH, autoComplete: 'off' } }}
            />
            <FormTextField
              control={form.control}
              name="password"
              component={PasswordField}
              label="Password"
              required
              autoComplete="current-password"
              hint="Your current account password."
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={registerGame.isPending}>
            {registerGame.isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
