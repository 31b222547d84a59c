import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { playerEraseSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
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
      <Dialog open={open} onClose={() => !erase.isPending && close()} aria-labelledby="erase-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="erase-title">Erase this player's personal data now?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: requested ? 0 : 2 }}>{ERASED_TEXT}</DialogContentText>
            {!requested && (
              <>
                <DialogContentText sx={{ mb: 2 }}>
                  This player has not asked to delete their account. Say why you erase it: the reason is kept
                  in the audit trail.
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
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Erase'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
