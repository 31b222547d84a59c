import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { playerEraseSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { erasePlayer } from './api';

/** Without the player's request the reason is needed (the server says the same). */
const reasonNeeded = z.object({ reason: playerEraseSchema.shape.reason.unwrap() });
/** On the player's request there is nothing to ask (the field is not shown). */
const onRequest = z.object({ reason: z.string() });

const ERASED_TEXT =
  'Name, email, phone, profile, addresses, nicknames, sessions and history are erased at once and cannot be restored. Orders stay, anonymised, for accounting.';

/**
 * Erases a player's personal data at once. Support and owners process a pending deletion request; without
 * one only an owner may, writing why (kept in the audit trail). The caller shows it only to whom it is for.
 */
export function ErasePlayer({
  userId,
  requested,
  onDone,
}: {
  userId: string;
  /** Whether the player has a pending deletion request. */
  requested: boolean;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(requested ? onRequest : reasonNeeded),
    defaultValues: { reason: '' },
  });
  const erase = useMutation({
    mutationFn: (reason: string | undefined) => erasePlayer(userId, reason ? { reason } : {}),
  });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit(({ reason }) =>
    erase.mutate(requested ? undefined : reason, {
      onSuccess: (reply) => {
        close();
        onDone({ ok: true, text: reply.message });
      },
      onError: (error) => {
        if (showFieldErrors(error, form)) return;
        close();
        onDone({ ok: false, text: errorMessage(error, 'The personal data could not be erased.') });
      },
    }),
  );
  return (
    <>
      <Button variant="outlined" size="small" color="error" onClick={() => setOpen(true)}>
        {requested ? 'Process erasure request' : 'Erase personal data'}
      </Button>
      <ConfirmDialog
        confirmation={
          open
            ? {
                title: "Erase this player's personal data now?",
                text: ERASED_TEXT,
                confirm: 'Erase',
                onConfirm: submit,
              }
            : null
        }
        onClose={close}
        action={{ pending: erase.isPending, pendingLabel: 'Erasing…' }}
      >
        {!requested && (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              This player has not asked to delete their account. Say why you erase it: the reason is kept in
              the audit trail.
            </DialogContentText>
            <FormTextField
              control={form.control}
              name="reason"
              label="Why erase without the player's request?"
              multiline
              minRows={2}
              fullWidth
              required
            />
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
