import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { supportTwoStepOffSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { turnOffTwoStep } from './api';

/**
 * Support turns off a player's two-step verification (a lost phone, no recovery codes) only after checking who
 * they are, and says how in the dialog: the reason goes to the audit trail and the player is emailed.
 */
export function TurnOffTwoStep({
  userId,
  email,
  onDone,
}: {
  userId: string;
  email: string;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(supportTwoStepOffSchema), defaultValues: { reason: '' } });
  const turnOff = useMutation({ mutationFn: (reason: string) => turnOffTwoStep(userId, { reason }) });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit(({ reason }) =>
    turnOff.mutate(reason, {
      onSuccess: (reply) => {
        close();
        onDone({ ok: true, text: reply.message });
      },
      onError: (error) => {
        if (showFieldErrors(error, form)) return;
        close();
        onDone({ ok: false, text: errorMessage(error, 'Two-step verification could not be turned off.') });
      },
    }),
  );
  return (
    <>
      <Button variant="outlined" size="small" color="warning" onClick={() => setOpen(true)}>
        Turn off two-step verification
      </Button>
      <ConfirmDialog
        confirmation={
          open
            ? {
                title: 'Turn off two-step verification?',
                text: `Only after you checked that you are talking to the owner of ${email}: anyone with the password can then sign in. The player is emailed.`,
                confirm: 'Turn off',
                color: 'warning',
                onConfirm: submit,
              }
            : null
        }
        onClose={close}
        action={{ pending: turnOff.isPending, pendingLabel: 'Working…' }}
      >
        <FormTextField
          control={form.control}
          name="reason"
          label="How did you check who the player is?"
          multiline
          minRows={2}
          fullWidth
          required
        />
      </ConfirmDialog>
    </>
  );
}
