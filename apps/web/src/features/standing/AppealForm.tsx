import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { APPEAL_MAX_LENGTH, appealBodySchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField } from '../../shell/FormTextField';
import type { useAppeal } from './api';

/**
 * "Appeal" under a sanction in force: opens a form for the player's reasons (up to 2000 characters, counted
 * as they type). Sent, the appeal shows in the form's place with its status. A sanction is appealed once:
 * the card shows a second appeal's refusal (409), and the appeal already sent.
 */
export function AppealForm({
  sanctionId,
  appeal,
}: {
  sanctionId: string;
  /** The card's appeal: the card shows the server's words once sent. */
  appeal: ReturnType<typeof useAppeal>;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(appealBodySchema), defaultValues: { message: '' } });
  const length = form.watch('message').length;

  const submit = form.handleSubmit(({ message }) =>
    appeal.mutate(
      { id: sanctionId, message },
      {
        onError: (error) => {
          if (showFieldErrors(error, form)) appeal.reset();
        },
      },
    ),
  );

  if (!open)
    return (
      // The form replaces the button, its text field taking the focus.
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Appeal
      </Button>
    );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label="Appeal">
      <FormTextField
        control={form.control}
        name="message"
        label="Why should this sanction be lifted?"
        multiline
        minRows={4}
        autoFocus
        required
        fullWidth
        hint={`${length} / ${APPEAL_MAX_LENGTH} characters`}
        slotProps={{ htmlInput: { maxLength: APPEAL_MAX_LENGTH } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={appeal.isPending}>
          {appeal.isPending ? 'Sending…' : 'Send appeal'}
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            form.reset();
            appeal.reset();
          }}
          disabled={appeal.isPending}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
