import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';

const reasonSchema = z.object({
  reason: z.string().trim().min(1, 'Write the reason.').max(1000, 'The reason is at most 1000 characters.'),
});

/**
 * An action staff take with a written reason (lifting a sanction, dismissing reports), asked in a dialog:
 * the reason checked as the server checks it, then `send`. A 422 shows under the field and another failure
 * in the dialog, which stays open; success closes it and the caller hears `onDone`. Render it only while
 * open (its form starts empty each time).
 */
export function ReasonDialog<Reply>({
  title,
  text,
  confirm,
  label,
  send,
  onClose,
  onDone,
}: {
  title: string;
  text: string;
  confirm: string;
  label: string;
  send: (reason: string) => Promise<Reply>;
  onClose: () => void;
  onDone: (reply: Reply) => void;
}) {
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ reason }) => {
    setPending(true);
    setFailure(null);
    try {
      const reply = await send(reason);
      onDone(reply);
    } catch (error) {
      setPending(false);
      if (!showFieldErrors(error, form))
        setFailure(errorMessage(error, 'That did not work. Please try again.'));
    }
  });
  return (
    <ConfirmDialog
      confirmation={{ title, text, confirm, onConfirm: submit }}
      onClose={onClose}
      action={{ pending, pendingLabel: 'Working…', error: failure }}
    >
      <FormTextField
        control={form.control}
        name="reason"
        label={label}
        multiline
        minRows={2}
        fullWidth
        required
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </ConfirmDialog>
  );
}
